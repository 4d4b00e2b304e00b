// Sends a run's content to each of the report's recipients, each with retries; any recipient that
// still fails ends the run Error (REPORT_NOTIFICATION_ERROR naming the providers' messages).
import { SupersetError } from '../../../shared/errors';
import { splitTargets } from '../../../shared/schemas/reportBody';
import type { RenderedReport } from '../render/renderReport';
import type { ReportRecord } from '../repository';
import { notificationContent, type AlertOutcome } from './content';
import { sendEmail } from './email';
import { withRetries } from './retry';
import { sendSlack } from './slack';
import { sendWebhook } from './webhook';

export async function deliverReport(report: ReportRecord, file: RenderedReport, alert?: AlertOutcome): Promise<void> {
  const content = notificationContent(report, file, alert);
  const errors: string[] = [];
  for (const r of report.recipients) {
    const cfg = r.recipient_config_json;
    try {
      if (r.type === 'Email') {
        await withRetries('Email', () => sendEmail(content, splitTargets(cfg.target), splitTargets(cfg.ccTarget), splitTargets(cfg.bccTarget)));
      } else if (r.type === 'Slack') {
        for (const channel of splitTargets(cfg.target)) await withRetries(`Slack ${channel}`, () => sendSlack(content, channel));
      } else {
        for (const url of splitTargets(cfg.target)) await withRetries(`Webhook ${url}`, () => sendWebhook(content, url));
      }
    } catch (error) {
      errors.push(error instanceof Error ? error.message : String(error));
    }
  }
  if (errors.length) throw new SupersetError('REPORT_NOTIFICATION_ERROR', errors.join('; '));
}
