// EventBridge rules as plain data: infra/aws creates one rule per entry, infra/local fires the same
// handler at the same minutes. The every-minute tick runs the registered due-work providers
// (functions/jobs/registry.ts); a new kind of scheduled work registers a provider, not a rule.

export interface ScheduleDef {
  /** EventBridge cron expression (six fields, UTC). */
  cron: string;
  /** Handler module invoked with a scheduled event. */
  handler: string;
  description: string;
}

export const SCHEDULES = {
  everyMinute: {
    cron: 'cron(* * * * ? *)',
    handler: 'scheduler',
    description: 'Runs scheduled saved queries and reports that are due',
  },
} satisfies Record<string, ScheduleDef>;
