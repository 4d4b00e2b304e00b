import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { startHarness, type Harness } from '../platform/harness';
import { setPorts } from '../../../../functions/ports/index';
import { handler as connect, tokenFrom } from '../../../../functions/handlers/wsConnect';
import { handler as disconnect } from '../../../../functions/handlers/wsDisconnect';
import { issueTokens } from '../../../../functions/platform/auth/localTokens';
import { CONNECTION_TTL_SECONDS } from '../../../../functions/events/connections';

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

  it('records a connection for a valid access token in the query string, then forgets it', async () => {
    const { access_token } = await issueTokens({ id: 5, username: 'gamma', roles: ['Gamma'] }, SECRET);
    const out = await connect({ requestContext: { connectionId: 'c1' }, queryStringParameters: { token: access_token } });
    expect(out.statusCode).toBe(200);
    expect(await connection('c1')).toMatchObject({ userId: 5, connectedAt: h.clock.nowMs, ttl: h.clock.nowMs / 1000 + CONNECTION_TTL_SECONDS });
    await disconnect({ requestContext: { connectionId: 'c1' } });
    expect(await connection('c1')).toBeUndefined();
  });

  it('accepts the token as a subprotocol and echoes the offered protocol', async () => {
    const { access_token } = await issueTokens({ id: 6, username: 'x', roles: [] }, SECRET);
    const out = await connect({ requestContext: { connectionId: 'c2' }, headers: { 'sec-websocket-protocol': `bearer, ${access_token}` } });
    expect(out).toEqual({ statusCode: 200, headers: { 'Sec-WebSocket-Protocol': 'bearer' } });
    expect(tokenFrom({ requestContext: { connectionId: 'x' }, headers: { 'Sec-WebSocket-Protocol': 'chat' } }).token).toBeNull();
  });

  it('refuses missing, forged and refresh tokens with 401 and records nothing', async () => {
    const { refresh_token } = await issueTokens({ id: 5, username: 'gamma', roles: [] }, SECRET, { refresh: true });
    const { access_token: forged } = await issueTokens({ id: 1, username: 'admin', roles: ['Admin'] }, 'some-other-secret-123456');
    for (const [id, params] of [
      ['d1', null],
      ['d2', { token: forged }],
      ['d3', { token: refresh_token! }],
    ] as const) {
      expect((await connect({ requestContext: { connectionId: id }, queryStringParameters: params })).statusCode).toBe(401);
      expect(await connection(id)).toBeUndefined();
    }
  });
});
