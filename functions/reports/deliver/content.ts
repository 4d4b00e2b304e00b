// What every channel sends for one run: subject, a link back to the chart or dashboard, the context
// markdown as safe HTML (markdown-it with raw HTML off), the rendered file, the charts that failed,
// and for an alert which condition fired with what value ("Alert triggered: value 42 > 40").
import MarkdownIt from 'markdown-it';
import type { RenderedReport } from '../render/renderReport';
import type { ReportRecord } from '../repository';
import type { Validator } from '../states';
import { FUNCTION_ENV } from '../../../shared/resources/index';

const markdown = new MarkdownIt({ html: false, linkify: true });

export interface NotificationContent {
  subject: string;
  name: string;
  url: string;
  /** Context markdown as HTML (raw HTML in it escaped, never rendered). */
  descriptionHtml: string;
  descriptionText: string;
  file: RenderedReport;
  /** Charts of a dashboard report that could not be drawn, named for the reader. */
  failedNote: string | null;
  /** For an alert: the condition that fired and the value the query returned. */
  alertNote: string | null;
}

/** What an alert's query gave when it fired. */
export interface AlertOutcome {
  validator: Validator;
  value: number | null;
}

/** "Alert triggered: value 42 > 40", or for a not-null alert "Alert triggered: value 42 is not null". */
export function alertTriggeredText({ validator, value }: AlertOutcome): string {
  const shown = value === null ? 'a row' : `value ${value}`;
  if (validator.type === 'operator' && validator.config?.op && typeof validator.config.threshold === 'number') return `Alert triggered: ${shown} ${validator.config.op} ${validator.config.threshold}`;
  return `Alert triggered: ${shown} is not null`;
}

export const appUrl = () => (process.env[FUNCTION_ENV.webappUrl] ?? 'http://localhost:8088').replace(/\/$/, '');

export function resourceUrl(report: Pick<ReportRecord, 'chart_id' | 'dashboard_id'>): string {
  if (report.dashboard_id) return `${appUrl()}/superset/dashboard/${report.dashboard_id}/`;
  return `${appUrl()}/explore/?slice_id=${report.chart_id ?? ''}`;
}

export function notificationContent(report: ReportRecord, file: RenderedReport, alert?: AlertOutcome): NotificationContent {
  const prefix = report.type === 'Alert' ? 'Alert' : 'Report';
  const failed = file.failed.length ? `These charts could not be rendered: ${file.failed.map((f) => `${f.name} (${f.message})`).join('; ')}` : null;
  return {
    subject: report.email_subject || `[${prefix}] ${report.name}`,
    name: report.name,
    url: resourceUrl(report),
    descriptionHtml: report.context_markdown ? markdown.render(report.context_markdown) : '',
    descriptionText: report.context_markdown ?? '',
    file,
    failedNote: failed,
    alertNote: alert ? alertTriggeredText(alert) : null,
  };
}
