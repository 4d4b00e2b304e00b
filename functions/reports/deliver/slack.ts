// Slack through its Web API with a bot token from configuration (SLACK_API_TOKEN): a file goes up by
// files.getUploadURLExternal + upload + files.completeUploadExternal with the message as its comment;
// a TEXT report is a chat.postMessage. SLACK_API_URL points at another server (tests' receivers).
import type { NotificationContent } from './content';

const base = () => (process.env.SLACK_API_URL ?? 'https://slack.com/api').replace(/\/$/, '');
const token = () => {
  const t = process.env.SLACK_API_TOKEN;
  if (!t) throw new Error('Slack is not configured (SLACK_API_TOKEN is not set)');
  return t;
};

async function call(method: string, body: Record<string, unknown>, form = false): Promise<Record<string, unknown>> {
  const res = await fetch(`${base()}/${method}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token()}`, 'content-type': form ? 'application/x-www-form-urlencoded' : 'application/json; charset=utf-8' },
    body: form ? new URLSearchParams(Object.entries(body).map(([k, v]) => [k, String(v)])).toString() : JSON.stringify(body),
  });
  const out = (await res.json().catch(() => ({ ok: false, error: `HTTP ${res.status}` }))) as Record<string, unknown>;
  if (!res.ok || out.ok !== true) throw new Error(`Slack ${method} failed: ${String(out.error ?? res.status)}`);
  return out;
}

export function slackText(c: NotificationContent): string {
  return [`*${c.name}*`, c.descriptionText, `<${c.url}|Explore in Sqlscape>`, c.failedNote ?? ''].filter(Boolean).join('\n\n');
}

export async function sendSlack(c: NotificationContent, channel: string): Promise<void> {
  const target = channel.replace(/^#/, '');
  if (c.file.format === 'TEXT') {
    await call('chat.postMessage', { channel: target, text: `${slackText(c)}\n\n${c.file.body.toString('utf8').replace(/<[^>]+>/g, ' ')}` });
    return;
  }
  const upload = await call('files.getUploadURLExternal', { filename: c.file.filename, length: c.file.body.length }, true);
  const put = await fetch(String(upload.upload_url), { method: 'POST', headers: { 'content-type': c.file.contentType }, body: new Uint8Array(c.file.body) });
  if (!put.ok) throw new Error(`Slack file upload failed: HTTP ${put.status}`);
  await call('files.completeUploadExternal', { files: [{ id: upload.file_id, title: c.file.filename }], channel_id: target, initial_comment: slackText(c) });
}
