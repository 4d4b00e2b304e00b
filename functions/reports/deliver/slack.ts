// Slack delivery through the Web API (slackApi.ts): a file goes up by files.getUploadURLExternal +
// upload + files.completeUploadExternal with the message as its comment; a TEXT report is a
// chat.postMessage. A channel given by name is shared to by its id (slackDirectory.ts).
import type { NotificationContent } from './content';
import { slackCall as call } from './slackApi';
import { channelIdFor } from './slackDirectory';

export function slackText(c: NotificationContent): string {
  return [`*${c.name}*`, c.alertNote ?? '', c.descriptionText, `<${c.url}|Explore in Sqlscape>`, c.failedNote ?? ''].filter(Boolean).join('\n\n');
}

export async function sendSlack(c: NotificationContent, channel: string): Promise<void> {
  const target = await channelIdFor(channel);
  if (c.file.format === 'TEXT') {
    await call('chat.postMessage', { channel: target, text: `${slackText(c)}\n\n${c.file.body.toString('utf8').replace(/<[^>]+>/g, ' ')}` });
    return;
  }
  const upload = await call('files.getUploadURLExternal', { filename: c.file.filename, length: c.file.body.length }, true);
  const put = await fetch(String(upload.upload_url), { method: 'POST', headers: { 'content-type': c.file.contentType }, body: new Uint8Array(c.file.body) });
  if (!put.ok) throw new Error(`Slack file upload failed: HTTP ${put.status}`);
  await call('files.completeUploadExternal', { files: [{ id: upload.file_id, title: c.file.filename }], channel_id: target, initial_comment: slackText(c) });
}
