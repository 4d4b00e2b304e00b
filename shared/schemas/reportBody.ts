// Superset's report schedule bodies (superset/reports/schemas.py ReportSchedulePostSchema / PutSchema):
// field rules and defaults, a crontab croner accepts, an IANA time zone, recipients whose targets are
// addresses, Slack channels or URLs, and the cross-field rules of reports and alerts.
import { Cron } from 'croner';
import { z } from 'zod';

export const REPORT_TYPES = ['Alert', 'Report'] as const;
export const REPORT_FORMATS = ['PNG', 'PDF', 'CSV', 'TEXT'] as const;
export const CREATION_METHODS = ['charts', 'dashboards', 'alerts_reports'] as const;
export const RECIPIENT_TYPES = ['Email', 'Slack', 'Webhook'] as const;
export const VALIDATOR_TYPES = ['not null', 'operator'] as const;
export const VALIDATOR_OPS = ['<', '<=', '>', '>=', '==', '!='] as const;
export const REPORT_DEFAULTS = { log_retention: 90, grace_period: 60 * 60 * 4, working_timeout: 60 * 60, timezone: 'UTC', report_format: 'PNG' } as const;
export const CUSTOM_WIDTH = { min: 600, max: 2400 } as const;

export function cronError(crontab: string): string | null {
  if (crontab.trim().split(/\s+/).length !== 5) return 'Crontab must have five fields (minute hour day-of-month month day-of-week)';
  try {
    new Cron(crontab, { paused: true });
    return null;
  } catch (error) {
    return `Invalid crontab: ${(error as Error).message}`;
  }
}

export function isTimeZone(tz: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: tz });
    return true;
  } catch {
    return false;
  }
}

const EMAIL = /^[^\s@,;<>]+@[^\s@,;<>]+\.[^\s@,;<>]+$/;
const SLACK_CHANNEL = /^[#@]?[\w.-]{1,80}$/;
/** A recipient target is a comma or semicolon separated list. */
export const splitTargets = (target: string | null | undefined) =>
  (target ?? '')
    .split(/[,;]/)
    .map((t) => t.trim())
    .filter(Boolean);

function isUrl(value: string) {
  try {
    const u = new URL(value);
    return u.protocol === 'https:' || u.protocol === 'http:';
  } catch {
    return false;
  }
}

const RecipientConfigSchema = z.object({
  target: z.string().max(4096).default(''),
  ccTarget: z.string().max(4096).nullish(),
  bccTarget: z.string().max(4096).nullish(),
});

export const RecipientSchema = z
  .object({ type: z.enum(RECIPIENT_TYPES), recipient_config_json: RecipientConfigSchema })
  .superRefine((r, ctx) => {
    const config = r.recipient_config_json;
    const check = (field: 'target' | 'ccTarget' | 'bccTarget', ok: (t: string) => boolean, what: string) => {
      for (const t of splitTargets(config[field])) {
        if (!ok(t)) ctx.addIssue({ code: 'custom', path: ['recipient_config_json', field], message: `${t} is not a valid ${what}` });
      }
    };
    if (splitTargets(config.target).length === 0) ctx.addIssue({ code: 'custom', path: ['recipient_config_json', 'target'], message: 'Recipient target is required' });
    if (r.type === 'Email') {
      check('target', (t) => EMAIL.test(t), 'email address');
      check('ccTarget', (t) => EMAIL.test(t), 'email address');
      check('bccTarget', (t) => EMAIL.test(t), 'email address');
    } else if (r.type === 'Slack') check('target', (t) => SLACK_CHANNEL.test(t), 'Slack channel');
    else check('target', isUrl, 'URL');
  });
export type Recipient = z.infer<typeof RecipientSchema>;

const ValidatorConfigSchema = z.object({ op: z.enum(VALIDATOR_OPS).optional(), threshold: z.number().optional() }).passthrough();
/** validator_config_json arrives as JSON text in Superset's API (an object is accepted too). */
const ValidatorConfigField = z.union([
  z.string().transform((s, ctx) => {
    if (!s.trim()) return {};
    try {
      return ValidatorConfigSchema.parse(JSON.parse(s));
    } catch {
      ctx.addIssue({ code: 'custom', message: 'validator_config_json must be JSON {op, threshold}' });
      return z.NEVER;
    }
  }),
  ValidatorConfigSchema,
]);

const ExtraSchema = z
  .object({
    dashboard: z
      .object({
        activeTabs: z.array(z.string().max(256)).max(50).optional(),
        anchor: z.string().max(256).optional(),
        nativeFilters: z
          .array(z.object({ nativeFilterId: z.string().max(256), filterType: z.string().max(64).optional(), columnName: z.string().max(256).optional(), filterValues: z.array(z.unknown()).max(1000) }).passthrough())
          .max(100)
          .optional(),
      })
      .passthrough()
      .optional(),
  })
  .passthrough();

const fields = {
  type: z.enum(REPORT_TYPES),
  name: z.string().trim().min(1, 'Name is required').max(150),
  description: z.string().max(65_536).nullish(),
  context_markdown: z.string().max(65_536).nullish(),
  active: z.boolean(),
  crontab: z
    .string()
    .max(1000)
    .superRefine((c, ctx) => {
      const error = cronError(c);
      if (error) ctx.addIssue({ code: 'custom', message: error });
    }),
  timezone: z.string().max(100).refine(isTimeZone, 'Not a valid IANA time zone'),
  sql: z.string().max(1_000_000).nullish(),
  chart: z.number().int().positive().nullish(),
  dashboard: z.number().int().positive().nullish(),
  database: z.number().int().positive().nullish(),
  owners: z.array(z.number().int().positive()).max(100),
  validator_type: z.enum(VALIDATOR_TYPES).nullish(),
  validator_config_json: ValidatorConfigField.nullish(),
  log_retention: z.number().int().min(1).max(3650),
  grace_period: z.number().int().min(1),
  working_timeout: z.number().int().min(1),
  recipients: z.array(RecipientSchema).max(50),
  report_format: z.enum(REPORT_FORMATS),
  creation_method: z.enum(CREATION_METHODS),
  force_screenshot: z.boolean(),
  custom_width: z.number().int().min(CUSTOM_WIDTH.min).max(CUSTOM_WIDTH.max).nullish(),
  extra: ExtraSchema.nullish(),
  email_subject: z.string().max(255).nullish(),
};

/** The rules that tie fields together; `partial` skips those whose fields an update does not send. */
function crossRules(b: Partial<Record<keyof typeof fields, unknown>>, ctx: z.RefinementCtx) {
  const issue = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
  if (b.type === 'Report') {
    if (b.chart && b.dashboard) issue('chart', 'Choose a chart or dashboard not both');
    else if (!b.chart && !b.dashboard && b.chart !== undefined && b.dashboard !== undefined) issue('chart', 'Choose a chart or dashboard');
    if (b.dashboard && (b.report_format === 'CSV' || b.report_format === 'TEXT')) issue('report_format', `${b.report_format} is only available for chart reports`);
  }
  if (b.type === 'Alert') {
    if (b.database === null) issue('database', 'Database is required for alerts');
    if (b.sql !== undefined && !String(b.sql ?? '').trim()) issue('sql', 'SQL is required for alerts');
    if (b.validator_type === 'operator') {
      const config = (b.validator_config_json ?? {}) as { op?: string; threshold?: number };
      if (!config.op || typeof config.threshold !== 'number') issue('validator_config_json', 'An operator alert needs {op, threshold}');
    }
  }
}

export const ReportPostBodySchema = z
  .object({
    ...fields,
    description: fields.description.default(null),
    active: fields.active.default(true),
    timezone: fields.timezone.default(REPORT_DEFAULTS.timezone),
    chart: fields.chart.default(null),
    dashboard: fields.dashboard.default(null),
    database: fields.database.default(null),
    owners: fields.owners.optional(),
    log_retention: fields.log_retention.default(REPORT_DEFAULTS.log_retention),
    grace_period: fields.grace_period.default(REPORT_DEFAULTS.grace_period),
    working_timeout: fields.working_timeout.default(REPORT_DEFAULTS.working_timeout),
    recipients: fields.recipients.default([]),
    report_format: fields.report_format.default(REPORT_DEFAULTS.report_format),
    creation_method: fields.creation_method.default('alerts_reports'),
    force_screenshot: fields.force_screenshot.default(false),
    validator_type: fields.validator_type.default(null),
  })
  .superRefine((b, ctx) => {
    if (b.type === 'Alert' && !b.database) ctx.addIssue({ code: 'custom', path: ['database'], message: 'Database is required for alerts' });
    if (b.type === 'Alert' && !b.validator_type) ctx.addIssue({ code: 'custom', path: ['validator_type'], message: 'validator_type is required for alerts' });
    if (b.type === 'Report' && !b.chart && !b.dashboard) {
      const message =
        b.creation_method === 'charts'
          ? 'Please save your chart first, then try creating a new email report.'
          : b.creation_method === 'dashboards'
            ? 'Please save your dashboard first, then try creating a new email report.'
            : 'Choose a chart or dashboard';
      ctx.addIssue({ code: 'custom', path: [b.creation_method === 'dashboards' ? 'dashboard' : 'chart'], message });
    }
    crossRules(b, ctx);
  });
export type ReportPostBody = z.infer<typeof ReportPostBodySchema>;

export const ReportPutBodySchema = z.object(fields).partial().superRefine(crossRules);
export type ReportPutBody = z.infer<typeof ReportPutBodySchema>;
