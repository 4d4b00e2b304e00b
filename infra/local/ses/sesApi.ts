// The SES v2 API's SendEmail (POST /v2/email/outbound-emails) for the local cloud: each message is
// kept under .data/ses/ as <id>.json (sender, recipients, subject, the raw MIME) and <id>.eml, so the
// same @aws-sdk/client-sesv2 code that sends through Amazon SES in AWS sends here.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { randomUUID } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { readBody } from '../http/body';

const SEND_PATH = '/v2/email/outbound-emails';
const MAX_BODY = 40 * 1024 * 1024; // SES v2's raw message limit

export const isSesRequest = (req: IncomingMessage) => (req.url ?? '').startsWith('/v2/email/');

/** Read back by functions/reports/outbox.ts (the Admin outbox page). */
export interface StoredEmail {
  id: string;
  sentAt: string;
  from: string;
  to: string[];
  cc: string[];
  bcc: string[];
  subject: string;
  /** The raw MIME message (Content.Raw) or one built from Content.Simple. */
  raw: string;
}

function subjectOf(raw: string): string {
  const line = /^Subject: (.*)$/m.exec(raw)?.[1] ?? '';
  const encoded = /^=\?UTF-8\?B\?(.*)\?=$/i.exec(line.trim());
  return encoded ? Buffer.from(encoded[1], 'base64').toString('utf8') : line.trim();
}

const reply = (res: ServerResponse, status: number, body: unknown): void => {
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
};

export async function handleSes(dir: string, req: IncomingMessage, res: ServerResponse): Promise<void> {
  if (req.method !== 'POST' || !(req.url ?? '').startsWith(SEND_PATH)) {
    return reply(res, 404, { message: `The local SES endpoint only sends email (${req.method} ${req.url})` });
  }
  let input: {
    FromEmailAddress?: string;
    Destination?: { ToAddresses?: string[]; CcAddresses?: string[]; BccAddresses?: string[] };
    Content?: { Raw?: { Data?: string }; Simple?: { Subject?: { Data?: string }; Body?: { Html?: { Data?: string }; Text?: { Data?: string } } } };
  };
  try {
    input = JSON.parse((await readBody(req, MAX_BODY)).toString('utf8'));
  } catch {
    return reply(res, 400, { message: 'Malformed request body' });
  }
  const to = input.Destination?.ToAddresses ?? [];
  const cc = input.Destination?.CcAddresses ?? [];
  const bcc = input.Destination?.BccAddresses ?? [];
  if (!to.length && !cc.length && !bcc.length) return reply(res, 400, { message: 'Missing final recipients' });
  const simple = input.Content?.Simple;
  const raw = input.Content?.Raw?.Data
    ? Buffer.from(input.Content.Raw.Data, 'base64').toString('utf8')
    : `Subject: ${simple?.Subject?.Data ?? ''}\r\n\r\n${simple?.Body?.Html?.Data ?? simple?.Body?.Text?.Data ?? ''}`;
  const id = `${Date.now().toString(36)}-${randomUUID()}`;
  const stored: StoredEmail = { id, sentAt: new Date().toISOString(), from: input.FromEmailAddress ?? '', to, cc, bcc, subject: subjectOf(raw), raw };
  await mkdir(dir, { recursive: true });
  await writeFile(join(dir, `${id}.json`), JSON.stringify(stored));
  await writeFile(join(dir, `${id}.eml`), raw);
  reply(res, 200, { MessageId: id });
}
