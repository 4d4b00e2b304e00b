import { decodeJwt, SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import {
  ACCESS_TOKEN_TTL_SECONDS,
  issueTokens,
  verifyLocalRefreshToken,
  verifyLocalToken,
} from '../../../../functions/platform/auth/localTokens';
import { identityFromClaims } from '../../../../functions/http/identity';
import { flattenClaims } from '../../../../infra/local/gateway/apiEvent';

const SECRET = 'unit-test-secret-0123456789';
const user = { id: 7, username: 'alice', roles: ['Gamma', 'sql_lab'] };
const NOW = Date.parse('2026-03-01T12:00:00Z');

describe('local tokens', () => {
  it('issues an access token with Cognito-style claims that the identity reader accepts', async () => {
    const { access_token, refresh_token } = await issueTokens(user, SECRET, { nowMs: NOW });
    expect(refresh_token).toBeUndefined();
    const claims = await verifyLocalToken(access_token, SECRET, NOW + 1000);
    expect(claims).toMatchObject({ sub: '7', user_id: 7, username: 'alice', 'cognito:groups': ['Gamma', 'sql_lab'], token_use: 'access' });
    expect(claims!.exp - claims!.iat).toBe(ACCESS_TOKEN_TTL_SECONDS);
    expect(identityFromClaims(claims as never)).toEqual({ userId: 7, username: 'alice', roles: ['Gamma', 'sql_lab'] });
  });

  it('keeps role names with spaces, commas and brackets whole through the flattened groups claim', async () => {
    const roles = ['Gamma', 'Cars readers', 'a,b', '[x] 100%'];
    const { access_token } = await issueTokens({ ...user, roles }, SECRET, { nowMs: NOW });
    const claims = await verifyLocalToken(access_token, SECRET, NOW + 1000);
    // As the local token has it, and as the HTTP API's JWT authorizer hands it on ("[a b]").
    expect(identityFromClaims(claims as never)!.roles).toEqual(roles);
    const flat = flattenClaims(claims as never);
    expect(flat['cognito:groups']).toBe('[Gamma Cars%20readers a%2Cb %5Bx%5D%20100%25]');
    expect(identityFromClaims(flat)!.roles).toEqual(roles);
  });

  it('issues a longer-lived refresh token only when asked, and keeps the two uses apart', async () => {
    const { access_token, refresh_token } = await issueTokens(user, SECRET, { refresh: true, nowMs: NOW });
    expect(refresh_token).toBeDefined();
    expect(decodeJwt(refresh_token!).exp! - decodeJwt(access_token).exp!).toBeGreaterThan(86_400);
    expect(await verifyLocalToken(refresh_token!, SECRET, NOW)).toBeNull();
    expect(await verifyLocalRefreshToken(access_token, SECRET, NOW)).toBeNull();
    expect((await verifyLocalRefreshToken(refresh_token!, SECRET, NOW))?.user_id).toBe(7);
  });

  it('rejects expired tokens, other secrets, tampering and garbage', async () => {
    const { access_token } = await issueTokens(user, SECRET, { nowMs: NOW });
    expect(await verifyLocalToken(access_token, SECRET, NOW + (ACCESS_TOKEN_TTL_SECONDS + 60) * 1000)).toBeNull();
    expect(await verifyLocalToken(access_token, 'another-secret-0123456789', NOW)).toBeNull();
    const [h, p, s] = access_token.split('.');
    const forged = Buffer.from(JSON.stringify({ ...decodeJwt(access_token), 'cognito:groups': ['Admin'] })).toString('base64url');
    expect(await verifyLocalToken(`${h}.${forged}.${s}`, SECRET, NOW)).toBeNull();
    expect(await verifyLocalToken(`${h}.${p}`, SECRET, NOW)).toBeNull();
    expect(await verifyLocalToken('not a token', SECRET, NOW)).toBeNull();
  });

  it('rejects an unsigned (alg none) token', async () => {
    const payload = Buffer.from(JSON.stringify({ sub: '1', user_id: 1, username: 'admin', token_use: 'access', iss: 'sqlscape-local', exp: NOW / 1000 + 60 })).toString('base64url');
    const header = Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url');
    expect(await verifyLocalToken(`${header}.${payload}.`, SECRET, NOW)).toBeNull();
  });

  it('rejects a token signed with the right secret but another issuer', async () => {
    const token = await new SignJWT({ user_id: 1, username: 'admin', token_use: 'access' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('1')
      .setIssuer('someone-else')
      .setExpirationTime(NOW / 1000 + 60)
      .sign(new TextEncoder().encode(SECRET));
    expect(await verifyLocalToken(token, SECRET, NOW)).toBeNull();
  });

  it('refuses a weak secret', async () => {
    await expect(issueTokens(user, 'short')).rejects.toThrow(/at least 16|shorter than 16/);
  });
});
