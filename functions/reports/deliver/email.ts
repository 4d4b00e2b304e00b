// Email through Amazon SES v2 (SendEmail with raw MIME): the HTML body with the context markdown, a
// link back, the PNG inline (cid) and the file attached. Locally AWS_ENDPOINT_URL points the same
// client at the local cloud's SES v2 endpoint, which keeps each message under .data/ses/.
import { SendEmailCommand, type SESv2Client } from '@aws-sdk/client-sesv2';
import { makeSesClient } from '../../ports/awsClients';
import { escapeXml } from '../render/svg';
import type { NotificationContent } from './content';

let client: SESv2Client | undefined;
const ses = () => (client ??= makeSesClient());
export const fromAddress = () => process.env.REPORTS_EMAIL_FROM ?? 'reports@sqlscape.local';

const b64 = (data: Buffer | string) => (Buffer.isBuffer(data) ? data : Buffer.from(data)).toString('base64').replace(/.{76}/g, '$&\r\n');
const header = (text: string) => (/^[\x20-\x7e]*$/.test(text) ? text : `=?UTF-8?B?${Buffer.from(text).toString('base64')}?=`);
const INLINE_ID = 'report-image';

export function emailHtml(c: NotificationContent): string {
  const inline = c.file.format === 'PNG' ? `<p><img src="cid:${INLINE_ID}" alt="${escapeXml(c.name)}" style="max-width:100%"></p>` : '';
  const text = c.file.format === 'TEXT' ? (c.file.html ?? '') : '';
  const failed = c.failedNote ? `<p style="color:#a8071a">${escapeXml(c.failedNote)}</p>` : '';
  const alert = c.alertNote ? `<p><strong>${escapeXml(c.alertNote)}</strong></p>` : '';
  return `<html><body>${alert}${c.descriptionHtml}<p><a href="${escapeXml(c.url)}">Explore in Sqlscape</a></p>${failed}${inline}${text}</body></html>`;
}

/** The raw MIME message (RFC 5322) with the HTML body, the inline image and the attachment. */
export function buildMime(c: NotificationContent, from: string, to: string[], cc: string[]): string {
  const mixed = 'sqlscape-mixed';
  const related = 'sqlscape-related';
  const lines = [
    `From: ${from}`,
    `To: ${to.join(', ')}`,
    ...(cc.length ? [`Cc: ${cc.join(', ')}`] : []),
    `Subject: ${header(c.subject)}`,
    'MIME-Version: 1.0',
    `Content-Type: multipart/mixed; boundary="${mixed}"`,
    '',
    `--${mixed}`,
    `Content-Type: multipart/related; boundary="${related}"`,
    '',
    `--${related}`,
    'Content-Type: text/html; charset=UTF-8',
    'Content-Transfer-Encoding: base64',
    '',
    b64(emailHtml(c)),
  ];
  if (c.file.format === 'PNG') {
    lines.push(`--${related}`, 'Content-Type: image/png', `Content-ID: <${INLINE_ID}>`, `Content-Disposition: inline; filename="${c.file.filename}"`, 'Content-Transfer-Encoding: base64', '', b64(c.file.body));
  }
  lines.push(`--${related}--`);
  if (c.file.format !== 'TEXT') {
    lines.push(
      `--${mixed}`,
      `Content-Type: ${c.file.contentType}; name="${c.file.filename}"`,
      `Content-Disposition: attachment; filename="${c.file.filename}"`,
      'Content-Transfer-Encoding: base64',
      '',
      b64(c.file.body),
    );
  }
  lines.push(`--${mixed}--`, '');
  return lines.join('\r\n');
}

export async function sendEmail(c: NotificationContent, to: string[], cc: string[], bcc: string[]): Promise<string | undefined> {
  const from = fromAddress();
  const out = await ses().send(
    new SendEmailCommand({
      FromEmailAddress: from,
      Destination: { ToAddresses: to, CcAddresses: cc, BccAddresses: bcc },
      Content: { Raw: { Data: Buffer.from(buildMime(c, from, to, cc)) } },
    }),
  );
  return out.MessageId;
}
