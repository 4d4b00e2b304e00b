// The Lambda authorizer in local token mode (the same code path as Cognito's, with our HS256 keys).
import { describe, expect, it } from 'vitest';
import { authorize } from '../../../../functions/handlers/httpAuthorizer';
import { issueTokens } from '../../../../functions/platform/auth/localTokens';
import { FUNCTION_ENV } from '../../../../shared/resources/index';

const secret = 'test-secret-for-the-authorizer-0123456789';
const env = { [FUNCTION_ENV.localJwtSecret]: secret, [FUNCTION_ENV.authMode]: 'local' } as NodeJS.ProcessEnv;

describe('httpAuthorizer', () => {
  it('accepts a Bearer token or the session cookie, marks the cookie session, refuses anything else with Unauthorized', async () => {
    const { access_token } = await issueTokens({ id: 7, username: 'ana', roles: ['Alpha'] }, secret);
    const viaHeader = await authorize({ headers: { authorization: `Bearer ${access_token}` } }, env);
    expect(viaHeader.isAuthorized).toBe(true);
    expect(viaHeader.context).toMatchObject({ username: 'ana' });
    expect(viaHeader.context.auth_via).toBeUndefined();
    const viaCookie = await authorize({ headers: {}, cookies: ['csrf_token=abc', `session=${access_token}`] }, env);
    expect(viaCookie.context).toMatchObject({ username: 'ana', auth_via: 'session' });
    await expect(authorize({ headers: {} }, env)).rejects.toThrow('Unauthorized');
    await expect(authorize({ headers: { authorization: 'Bearer nope' } }, env)).rejects.toThrow('Unauthorized');
    // A bad header is not rescued by a good cookie (the header is what the caller meant).
    await expect(authorize({ headers: { authorization: 'Bearer nope' }, cookies: [`session=${access_token}`] }, env)).rejects.toThrow('Unauthorized');
  });

  it('lets a genuine but expired Bearer token through with only the token_expired claim; a forged or expired cookie stays out', async () => {
    const { access_token: expired } = await issueTokens({ id: 7, username: 'ana', roles: ['Alpha'] }, secret, { nowMs: Date.now() - 2 * 3600_000 });
    const answer = await authorize({ headers: { authorization: `Bearer ${expired}` } }, env);
    expect(answer).toEqual({ isAuthorized: true, context: { token_expired: true } });
    const { access_token: forged } = await issueTokens({ id: 7, username: 'ana', roles: ['Alpha'] }, 'another-secret-0123456789abcdef', { nowMs: Date.now() - 2 * 3600_000 });
    await expect(authorize({ headers: { authorization: `Bearer ${forged}` } }, env)).rejects.toThrow('Unauthorized');
    await expect(authorize({ headers: {}, cookies: [`session=${expired}`] }, env)).rejects.toThrow('Unauthorized');
  });
});
