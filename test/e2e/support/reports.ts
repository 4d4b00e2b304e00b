// Helpers for the report e2e tests: a Slack Web API stand-in (conversations.list and the file upload
// calls deliveries make, kept with their bodies), and running the reports that are due now through
// the every-minute tick, as EventBridge would, instead of waiting for the wall clock.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { handler as schedulerTick } from '../../../functions/handlers/scheduler';
import { findReport } from '../../../functions/reports/repository';
import type { LocalCloud } from '../../support/localCloud';

export interface SlackCall {
  path: string;
  authorization: string | undefined;
  body: Buffer;
}

export interface SlackStub {
  url: string;
  paths: string[];
  /** Every call with its body (the file upload's bytes, the JSON of files.completeUploadExternal). */
  calls: SlackCall[];
  close(): Promise<void>;
}

export async function startSlackStub(channels: { id: string; name: string }[]): Promise<SlackStub> {
  const paths: string[] = [];
  const calls: SlackCall[] = [];
  let url = '';
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const path = req.url ?? '';
      paths.push(path);
      calls.push({ path, authorization: req.headers.authorization, body: Buffer.concat(chunks) });
      const reply = (body: unknown) => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
      if (path === '/api/conversations.list') return reply({ ok: true, channels: channels.map((c) => ({ ...c, is_member: true, is_private: false })), response_metadata: { next_cursor: '' } });
      if (path === '/api/files.getUploadURLExternal') return reply({ ok: true, upload_url: `${url}/upload/F1`, file_id: 'F1' });
      reply({ ok: true });
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { url, paths, calls, close: () => new Promise<void>((r) => server.close(() => r())) };
}

/** Fires the scheduler tick at the latest next run of these reports, so every one of them is due. */
export async function runReportsNow(cloud: LocalCloud, ids: number[]): Promise<string[]> {
  const runs = await Promise.all(ids.map(async (id) => (await findReport(cloud.stack.ports, id))?.next_run ?? null));
  if (runs.some((r) => r === null)) throw new Error(`a report has no next run: ${JSON.stringify(runs)}`);
  const at = Math.max(...(runs as number[]));
  const tick = await schedulerTick({ time: new Date(at).toISOString() });
  return tick.byProvider.reports ?? [];
}
