// Report and alert run decisions as pure functions (Superset's reports/commands/execute.py state
// machine): Working, Success, Error, Not triggered, On Grace, and the messages Superset logs.

export const MESSAGES = {
  workingTimeout: 'Report Schedule reached a working timeout.',
  previousWorking: 'Report Schedule is still working, refusing to re-compute.',
  tooManyRows: (n: number) => `Alert query returned more than one row. ${n} rows returned`,
  tooManyColumns: (n: number) => `Alert query returned more than one column. ${n} columns returned`,
  notNumeric: 'Alert fired but returned a non-numeric value',
  deadLetter: 'The report could not be run (it failed on every attempt)',
} as const;

export class AlertQueryError extends Error {}

/** A run still Working after working_timeout seconds is over (it is ended Error). */
export const workingTimedOut = (startedMs: number, workingTimeoutS: number, nowMs: number) => nowMs - startedMs >= workingTimeoutS * 1000;

/** Within grace_period seconds of the last alert sent, a holding condition sends nothing. */
export const inGracePeriod = (lastSentMs: number | null, gracePeriodS: number, nowMs: number) => lastSentMs !== null && nowMs - lastSentMs < gracePeriodS * 1000;

export interface Validator {
  type: 'not null' | 'operator';
  config: { op?: string; threshold?: number } | null;
}

function numeric(v: unknown): number | null {
  if (v === null || v === undefined) return null;
  const n = typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' ? Number(v) : typeof v === 'boolean' ? Number(v) : NaN;
  if (Number.isNaN(n)) throw new AlertQueryError(MESSAGES.notNumeric);
  return n;
}

const OPS: Record<string, (a: number, b: number) => boolean> = {
  '<': (a, b) => a < b,
  '<=': (a, b) => a <= b,
  '>': (a, b) => a > b,
  '>=': (a, b) => a >= b,
  '==': (a, b) => a === b,
  '!=': (a, b) => a !== b,
};

/** The alert's value from its query's rows and whether its condition holds. */
export function evaluateAlert(columns: string[], rows: Record<string, unknown>[], validator: Validator): { value: number | null; triggered: boolean; rowJson: string | null } {
  if (rows.length > 1) throw new AlertQueryError(MESSAGES.tooManyRows(rows.length));
  if (validator.type === 'operator' && columns.length > 1) throw new AlertQueryError(MESSAGES.tooManyColumns(columns.length));
  if (rows.length === 0) return { value: null, triggered: false, rowJson: null };
  const row = rows[0];
  const rowJson = JSON.stringify(row);
  if (validator.type === 'not null') {
    const value = columns.length === 1 ? numeric(row[columns[0]]) : null;
    const triggered = columns.length === 1 ? value !== null && value !== 0 : Object.values(row).some((v) => v !== null);
    return { value, triggered, rowJson };
  }
  const value = numeric(row[columns[0]]);
  const op = OPS[validator.config?.op ?? ''];
  const threshold = validator.config?.threshold;
  return { value, triggered: value !== null && Boolean(op) && typeof threshold === 'number' && op(value, threshold), rowJson };
}
