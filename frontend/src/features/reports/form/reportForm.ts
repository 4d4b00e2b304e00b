// The Alert/Report modal's form as plain data: defaults for a new report or alert (from a chart or
// dashboard menu, or the list page), the form of a stored report, the POST/PUT body, and validation:
// Superset's "Not all required fields are complete" list plus the same field rules the server applies
// (shared/schemas/reportBody), so the modal says what the API would. Pure.
import type { z } from 'zod';
import {
  REPORT_DEFAULTS,
  RecipientSchema,
  cronError,
  isTimeZone,
  splitTargets,
  type ReportPostBodySchema,
} from '../../../../../shared/schemas/reportBody';

export type ReportType = 'Report' | 'Alert';
export type ReportFormat = 'PNG' | 'PDF' | 'CSV' | 'TEXT';
export type RecipientType = 'Email' | 'Slack' | 'Webhook';
export type ContentType = 'chart' | 'dashboard';

export interface RecipientDraft {
  type: RecipientType;
  target: string;
  ccTarget: string;
  bccTarget: string;
}

export interface ReportForm {
  type: ReportType;
  name: string;
  description: string;
  owners: number[];
  active: boolean;
  contentType: ContentType;
  chart: number | null;
  dashboard: number | null;
  reportFormat: ReportFormat;
  customWidth: string;
  forceScreenshot: boolean;
  crontab: string;
  timezone: string;
  logRetention: number;
  workingTimeout: number;
  gracePeriod: number;
  recipients: RecipientDraft[];
  emailSubject: string;
  database: number | null;
  sql: string;
  validatorType: 'not null' | 'operator';
  op: string;
  threshold: string;
  creationMethod: 'charts' | 'dashboards' | 'alerts_reports';
  extra: Record<string, unknown> | null;
}

export type ReportBody = z.input<typeof ReportPostBodySchema>;

export const LOG_RETENTION_CHOICES = [
  [1, '1 day'],
  [7, '7 days'],
  [14, '14 days'],
  [30, '30 days'],
  [60, '60 days'],
  [90, '90 days'],
] as const;
export const OPERATORS = ['<', '<=', '>', '>=', '==', '!='] as const;
export const OPERATOR_LABELS: Record<string, string> = { '<': '< (Smaller than)', '<=': '<= (Smaller or equal)', '>': '> (Larger than)', '>=': '>= (Larger or equal)', '==': '== (Is equal)', '!=': '!= (Is not equal)' };

export const emptyRecipient = (type: RecipientType = 'Email', target = ''): RecipientDraft => ({ type, target, ccTarget: '', bccTarget: '' });

export function newForm(type: ReportType, preset: Partial<ReportForm> = {}): ReportForm {
  return {
    type,
    name: '',
    description: '',
    owners: [],
    active: true,
    contentType: 'dashboard',
    chart: null,
    dashboard: null,
    reportFormat: 'PNG',
    customWidth: '',
    forceScreenshot: false,
    crontab: '0 * * * *',
    timezone: REPORT_DEFAULTS.timezone,
    logRetention: REPORT_DEFAULTS.log_retention,
    workingTimeout: REPORT_DEFAULTS.working_timeout,
    gracePeriod: REPORT_DEFAULTS.grace_period,
    recipients: [emptyRecipient()],
    emailSubject: '',
    database: null,
    sql: '',
    validatorType: 'operator',
    op: '>',
    threshold: '',
    creationMethod: 'alerts_reports',
    extra: null,
    ...preset,
  };
}

/** The stored report (GET /api/v1/report/{pk} result) as a form. */
export function formFromReport(r: Record<string, unknown>): ReportForm {
  const num = (v: unknown) => (typeof v === 'number' ? v : null);
  const str = (v: unknown) => (typeof v === 'string' ? v : '');
  const ref = (v: unknown) => (v && typeof v === 'object' ? num((v as { id?: unknown }).id) : null);
  const chart = num(r.chart_id) ?? ref(r.chart);
  const dashboard = num(r.dashboard_id) ?? ref(r.dashboard);
  let validator: { op?: string; threshold?: number } = {};
  try {
    validator = typeof r.validator_config_json === 'string' ? JSON.parse(r.validator_config_json) : ((r.validator_config_json as typeof validator | null) ?? {});
  } catch {
    validator = {};
  }
  const recipients = Array.isArray(r.recipients)
    ? (r.recipients as { type?: string; recipient_config_json?: unknown }[]).map((x) => {
        const config = (typeof x.recipient_config_json === 'string' ? JSON.parse(x.recipient_config_json) : x.recipient_config_json) as Record<string, string | null> | null;
        return { type: (x.type as RecipientType) ?? 'Email', target: config?.target ?? '', ccTarget: config?.ccTarget ?? '', bccTarget: config?.bccTarget ?? '' };
      })
    : [];
  return newForm(r.type === 'Alert' ? 'Alert' : 'Report', {
    name: str(r.name),
    description: str(r.description),
    owners: Array.isArray(r.owners) ? (r.owners as { id?: number }[]).flatMap((o) => (typeof o.id === 'number' ? [o.id] : [])) : [],
    active: r.active !== false,
    contentType: chart !== null && dashboard === null ? 'chart' : 'dashboard',
    chart,
    dashboard,
    reportFormat: (str(r.report_format) || 'PNG') as ReportFormat,
    customWidth: num(r.custom_width) === null ? '' : String(r.custom_width),
    forceScreenshot: r.force_screenshot === true,
    crontab: str(r.crontab),
    timezone: str(r.timezone) || 'UTC',
    logRetention: num(r.log_retention) ?? REPORT_DEFAULTS.log_retention,
    workingTimeout: num(r.working_timeout) ?? REPORT_DEFAULTS.working_timeout,
    gracePeriod: num(r.grace_period) ?? REPORT_DEFAULTS.grace_period,
    recipients: recipients.length ? recipients : [emptyRecipient()],
    emailSubject: str(r.email_subject),
    database: ref(r.database),
    sql: str(r.sql),
    validatorType: r.validator_type === 'not null' ? 'not null' : 'operator',
    op: validator.op ?? '>',
    threshold: validator.threshold === undefined ? '' : String(validator.threshold),
    creationMethod: (['charts', 'dashboards'].includes(str(r.creation_method)) ? r.creation_method : 'alerts_reports') as ReportForm['creationMethod'],
    extra: r.extra && typeof r.extra === 'object' && Object.keys(r.extra).length ? (r.extra as Record<string, unknown>) : null,
  });
}

/** Formats a content type allows: CSV and TEXT only for charts (spec: report_format). */
export const formatsFor = (content: ContentType): ReportFormat[] => (content === 'chart' ? ['PNG', 'PDF', 'CSV', 'TEXT'] : ['PNG', 'PDF']);

const recipientBody = (r: RecipientDraft) => ({
  type: r.type,
  recipient_config_json: { target: r.target.trim(), ...(r.type === 'Email' && r.ccTarget.trim() ? { ccTarget: r.ccTarget.trim() } : {}), ...(r.type === 'Email' && r.bccTarget.trim() ? { bccTarget: r.bccTarget.trim() } : {}) },
});

export function toBody(f: ReportForm): ReportBody {
  const isChart = f.contentType === 'chart';
  const body: ReportBody = {
    type: f.type,
    name: f.name.trim(),
    description: f.description.trim() || null,
    active: f.active,
    crontab: f.crontab.trim(),
    timezone: f.timezone,
    chart: isChart ? f.chart : null,
    dashboard: isChart ? null : f.dashboard,
    report_format: formatsFor(f.contentType).includes(f.reportFormat) ? f.reportFormat : 'PNG',
    custom_width: f.customWidth.trim() ? Number(f.customWidth) : null,
    force_screenshot: f.forceScreenshot,
    log_retention: f.logRetention,
    working_timeout: f.workingTimeout,
    grace_period: f.gracePeriod,
    recipients: f.recipients.filter((r) => r.target.trim()).map(recipientBody),
    email_subject: f.emailSubject.trim() || null,
    creation_method: f.creationMethod,
    ...(f.owners.length ? { owners: f.owners } : {}),
    ...(f.extra ? { extra: f.extra } : {}),
  };
  if (f.type === 'Alert') {
    body.database = f.database;
    body.sql = f.sql;
    body.validator_type = f.validatorType;
    body.validator_config_json = f.validatorType === 'operator' ? JSON.stringify({ op: f.op, threshold: Number(f.threshold) }) : '{}';
  }
  return body;
}

export interface FormCheck {
  /** Superset's list of what is missing ("name", "recipients"...), in the modal's order. */
  missing: string[];
  /** Field rules that failed, by field ("crontab", "recipients.0.target"...). */
  invalid: Record<string, string>;
}

export const MISSING_PREFIX = 'Not all required fields are complete. Please provide the following:';

export function checkForm(f: ReportForm): FormCheck {
  const missing: string[] = [];
  const invalid: Record<string, string> = {};
  if (!f.name.trim()) missing.push('name');
  if (f.type === 'Alert') {
    if (f.database === null) missing.push('database');
    if (!f.sql.trim()) missing.push('sql');
    if (f.validatorType === 'operator' && (!f.op || f.threshold.trim() === '' || !Number.isFinite(Number(f.threshold)))) missing.push('alert condition');
  }
  if ((f.contentType === 'chart' ? f.chart : f.dashboard) === null) missing.push('content type');
  if (!f.crontab.trim()) missing.push('crontab');
  else {
    const cron = cronError(f.crontab);
    if (cron) invalid.crontab = cron;
  }
  if (!isTimeZone(f.timezone)) invalid.timezone = 'Not a valid IANA time zone';
  if (!(f.workingTimeout >= 1)) missing.push('working timeout');
  if (f.customWidth.trim() && !/^\d+$/.test(f.customWidth.trim())) invalid.customWidth = 'Screenshot width must be a whole number of pixels';
  const filled = f.recipients.filter((r) => splitTargets(r.target).length);
  if (!filled.length) missing.push('recipients');
  f.recipients.forEach((r, i) => {
    if (!r.target.trim() && !r.ccTarget.trim() && !r.bccTarget.trim()) return;
    const parsed = RecipientSchema.safeParse(recipientBody(r));
    if (!parsed.success) for (const issue of parsed.error.issues) invalid[`recipients.${i}.${String(issue.path.at(-1) ?? 'target')}`] ??= issue.message;
  });
  return { missing, invalid };
}

export const formIsValid = (c: FormCheck) => c.missing.length === 0 && Object.keys(c.invalid).length === 0;
