import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { startHarness, type Harness } from '../platform/harness';
import { setPorts } from '../../../../functions/ports/index';
import { handler as connect } from '../../../../functions/handlers/wsConnect';
import { handler as disconnect } from '../../../../functions/handlers/wsDisconnect';
import { issueTokens } from '../../../../functions/platform/auth/localTokens';
import { CONNECTION_TTL_SECONDS } from '../../../../functions/events/connections';
import { issueWsTicket, WS_TICKET_TTL_SECONDS } from '../../../../functions/events/wsTickets';

const SECRET = 'ws-test-secret-0123456789';

describe('WebSocket $connect / $disconnect', () => {
  let h: Harness;
  const saved = { mode: process.env.AUTH_MODE, secret: process.env.LOCAL_JWT_SECRET };
  beforeAll(async () => {
    h = await startHarness();
    setPorts(h.ports);
    process.env.AUTH_MODE = 'local';
    process.env.LOCAL_JWT_SECRET = SECRET;
  });
  afterAll(async () => {
    setPorts(undefined);
    process.env.AUTH_MODE = saved.mode;
    process.env.LOCAL_JWT_SECRET = saved.secret;
    await h.stop();
  });

  const connection = (id: string) =>
    h.ports.tables.doc.send(new GetCommand({ TableName: 'connections', Key: { connectionId: id } })).then((o) => o.Item);

  it('records a connection for a live ticket, then forgets it', async () => {
    const { ticket, expires_in } = await issueWsTicket(h.ports, 5);
    expect(expires_in).toBe(WS_TICKET_TTL_SECONDS);
    const out = await connect({ requestContext: { connectionId: 'c1' }, queryStringParameters: { ticket } });
    expect(out.statusCode).toBe(200);
    expect(await connection('c1')).toMatchObject({ userId: 5, connectedAt: h.clock.nowMs, ttl: h.clock.nowMs / 1000 + CONNECTION_TTL_SECONDS });
    await disconnect({ requestContext: { connectionId: 'c1' } });
    expect(await connection('c1')).toBeUndefined();
  });

  it('refuses a reused ticket, an expired one, an unknown one and any access token (401, nothing recorded)', async () => {
    const { ticket: used } = await issueWsTicket(h.ports, 5);
    expect((await connect({ requestContext: { connectionId: 'u1' }, queryStringParameters: { ticket: used } })).statusCode).toBe(200);
    const { ticket: stale } = await issueWsTicket(h.ports, 5);
    h.clock.nowMs += WS_TICKET_TTL_SECONDS * 1000;
    const { access_token } = await issueTokens({ id: 5, username: 'gamma', roles: ['Gamma'] }, SECRET);
    for (const [id, event] of [
      ['d1', { queryStringParameters: null }],
      ['d2', { queryStringParameters: { ticket: used } }],
      ['d3', { queryStringParameters: { ticket: stale } }],
      ['d4', { queryStringParameters: { ticket: 'not-a-ticket' } }],
      ['d5', { queryStringParameters: { token: access_token } }],
      ['d6', { headers: { 'sec-websocket-protocol': `bearer, ${access_token}` } }],
    ] as const) {
      expect((await connect({ requestContext: { connectionId: id }, ...event })).statusCode, id).toBe(401);
      expect(await connection(id)).toBeUndefined();
    }
  });
});
