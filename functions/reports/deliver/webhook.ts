// Webhook: an HTTP POST of JSON describing the run, with the file base64-encoded.
import type { NotificationContent } from './content';

export function webhookPayload(c: NotificationContent) {
  return {
    name: c.name,
    subject: c.subject,
    url: c.url,
    description: c.descriptionText,
    failed_charts: c.file.failed,
    report_format: c.file.format,
    file: { name: c.file.filename, content_type: c.file.contentType, base64: c.file.body.toString('base64') },
  };
}

export async function sendWebhook(c: NotificationContent, url: string): Promise<void> {
  const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(webhookPayload(c)) });
  if (!res.ok) throw new Error(`Webhook ${url} answered HTTP ${res.status}: ${(await res.text().catch(() => '')).slice(0, 200)}`);
}
