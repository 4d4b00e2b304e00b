// GET /api/v1/report/slack_channels/ through the local gateway against a Slack Web API stand-in this
// test runs: every conversations.list page is read (cursor), the bot token is sent, search terms match
// name or id (any of several, exact when asked), force re-reads; without a token the list is empty.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLocalCloud, type LocalCloud } from '../../support/localCloud';
import { client } from '../sqllabHelpers';

let cloud: LocalCloud;
let slack: Server;
let token: string;
const calls: { auth: string | undefined; params: URLSearchParams }[] = [];
let pages: Record<string, unknown>[][] = [
  [
    { id: 'C01', name: 'data-team', is_member: true, is_private: false },
    { id: 'C02', name: 'alerts', is_member: false, is_private: false },
  ],
  [{ id: 'G03', name: 'finance-private', is_member: true, is_private: true }],
];
const { call, q } = client(() => cloud);

beforeAll(async () => {
  slack = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      const params = new URLSearchParams(body);
      calls.push({ auth: req.headers.authorization, params });
      const reply = (status: number, json: unknown) => res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(json));
      if (req.url !== '/api/conversations.list') return reply(404, { ok: false, error: 'unknown_method' });
      const index = Number(params.get('cursor') ?? '0');
      reply(200, { ok: true, channels: pages[index] ?? [], response_metadata: { next_cursor: index + 1 < pages.length ? String(index + 1) : '' } });
    });
  });
  await new Promise<void>((r) => slack.listen(0, '127.0.0.1', r));
  const url = `http://127.0.0.1:${(slack.address() as AddressInfo).port}/api`;
  cloud = await startLocalCloud({ env: { SLACK_API_URL: url, SLACK_API_TOKEN: 'xoxb-channels' } });
  token = await cloud.login('admin', 'admin');
});
afterAll(async () => {
  await cloud?.stop();
  await new Promise((r) => slack?.close(r));
});

const names = (body: { result: { name: string }[] }) => body.result.map((c) => c.name);

describe('GET /api/v1/report/slack_channels/', () => {
  it('lists every page of channels in Superset shape, sorted by name', async () => {
    const res = await call('/api/v1/report/slack_channels/', { token });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.result).toEqual([
      { id: 'C02', name: 'alerts', is_member: false, is_private: false },
      { id: 'C01', name: 'data-team', is_member: true, is_private: false },
      { id: 'G03', name: 'finance-private', is_member: true, is_private: true },
    ]);
    expect(calls).toHaveLength(2);
    expect(calls.every((c) => c.auth === 'Bearer xoxb-channels')).toBe(true);
    expect(calls[0].params.get('types')).toBe('public_channel,private_channel');
    expect(calls[1].params.get('cursor')).toBe('1');
  });

  it('searches names and ids, several terms at once, exactly when asked', async () => {
    expect(names((await call(`/api/v1/report/slack_channels/?${q({ search_string: 'data' })}`, { token })).body as never)).toEqual(['data-team']);
    expect(names((await call(`/api/v1/report/slack_channels/?${q({ search_string: '#alerts,G03' })}`, { token })).body as never)).toEqual(['alerts', 'finance-private']);
    expect(names((await call(`/api/v1/report/slack_channels/?${q({ search_string: 'data', exact_match: true })}`, { token })).body as never)).toEqual([]);
    expect(names((await call(`/api/v1/report/slack_channels/?${q({ search_string: 'data-team', exact_match: true })}`, { token })).body as never)).toEqual(['data-team']);
  });

  it('answers from its cache until force, and asks Slack for the types given', async () => {
    const before = calls.length;
    pages = [[{ id: 'C09', name: 'new-channel', is_member: true, is_private: false }]];
    expect(names((await call('/api/v1/report/slack_channels/', { token })).body as never)).toContain('data-team');
    expect(calls.length).toBe(before);
    expect(names((await call(`/api/v1/report/slack_channels/?${q({ force: true })}`, { token })).body as never)).toEqual(['new-channel']);
    await call(`/api/v1/report/slack_channels/?${q({ types: ['private_channel'] })}`, { token });
    expect(calls.at(-1)!.params.get('types')).toBe('private_channel');
  });

  it('refuses a bad query and needs a signed-in user', async () => {
    expect((await call(`/api/v1/report/slack_channels/?${q({ types: ['im'] })}`, { token })).status).toBe(400);
    expect((await call('/api/v1/report/slack_channels/')).status).toBe(401);
  });

  it('answers 422 with Slack\'s error, and an empty list when no token is configured', async () => {
    const saved = process.env.SLACK_API_URL;
    process.env.SLACK_API_URL = `${saved}/missing`;
    try {
      const res = await call(`/api/v1/report/slack_channels/?${q({ force: true })}`, { token });
      expect(res.status).toBe(422);
      expect(res.body.message).toMatch(/Slack channels could not be listed/);
    } finally {
      process.env.SLACK_API_URL = saved;
    }
    const tokenSaved = process.env.SLACK_API_TOKEN;
    delete process.env.SLACK_API_TOKEN;
    try {
      const res = await call('/api/v1/report/slack_channels/', { token });
      expect(res.status).toBe(200);
      expect(res.body.result).toEqual([]);
    } finally {
      process.env.SLACK_API_TOKEN = tokenSaved;
    }
  });
});
