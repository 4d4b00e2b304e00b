// The local cloud's email outbox for Admins: the messages its SES v2 endpoint kept under .data/ses/
// (infra/local/ses/sesApi.ts), newest first, with their attachments' names. In AWS email goes through
// Amazon SES and there is no outbox: 404.
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { notFound } from '../../shared/errors';
import { FUNCTION_ENV } from '../../shared/resources/environment';
import { requireAdmin } from '../http/authz';
import type { Identity } from '../http/identity';

interface Kept {
  id: string;
  sentAt: string;
  from: string;
  to: string[];
  cc: string[];
  bcc: string[];
  subject: string;
  raw: string;
}

const attachmentsOf = (raw: string) => [...raw.matchAll(/Content-Disposition: attachment; filename="([^"]+)"/g)].map((m) => m[1]);

export async function listOutbox(user: Identity) {
  requireAdmin(user);
  const dir = process.env[FUNCTION_ENV.localOutboxDir];
  if (!dir) throw notFound('There is no local outbox: email is sent through Amazon SES');
  const files = (await readdir(dir).catch(() => [] as string[])).filter((f) => f.endsWith('.json'));
  const kept = await Promise.all(files.map(async (f) => JSON.parse(await readFile(join(dir, f), 'utf8')) as Kept));
  kept.sort((a, b) => b.sentAt.localeCompare(a.sentAt) || b.id.localeCompare(a.id));
  const result = kept.map(({ raw, ...m }) => ({ ...m, attachments: attachmentsOf(raw) }));
  return { count: result.length, result };
}
