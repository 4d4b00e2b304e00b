// The Lambda authorizer in local token mode (the same code path as Cognito's, with our HS256 keys).
import { describe, expect, it } from 'vitest';
import { authorize } from '../../../../functions/handlers/httpAuthorizer';
import { issueTokens } from '../../../../functions/platform/auth/localTokens';
import { FUNCTION_ENV } from '../../../../shared/resources/index';
import { CREDENTIAL_FUNCTION } from '../../../../infra/aws/authorizer';
import { CREDENTIAL_HEADER } from '../../../../functions/platform/auth/credentialHeader';

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

describe('httpAuthorizer behind CloudFront (cached by the credential header)', () => {
  /** Runs the CloudFront Function's code on a viewer request, as CloudFront would. */
  const viewerRequest = (headers: Record<string, string>, cookies: Record<string, string> = {}) => {
    const handler = new Function(`${CREDENTIAL_FUNCTION}\nreturn handler;`)() as (event: unknown) => { headers: Record<string, { value: string }> };
    const request = handler({
      request: {
        headers: Object.fromEntries(Object.entries(headers).map(([k, v]) => [k, { value: v }])),
        cookies: Object.fromEntries(Object.entries(cookies).map(([k, v]) => [k, { value: v }])),
      },
    });
    return Object.fromEntries(Object.entries(request.headers).map(([k, v]) => [k, v.value]));
  };

  it('writes the header from the Authorization header first, else the session cookie, and drops a viewer-sent one', () => {
    expect(viewerRequest({ authorization: 'Bearer abc' }, { session: 'xyz' })[CREDENTIAL_HEADER]).toBe('authorization:Bearer abc');
    expect(viewerRequest({}, { session: 'xyz', csrf_token: 'c' })[CREDENTIAL_HEADER]).toBe('session:xyz');
    expect(viewerRequest({ [CREDENTIAL_HEADER]: 'authorization:Bearer forged' })[CREDENTIAL_HEADER]).toBeUndefined();
  });

  it('decides from the credential header alone when it is there, with the same answers as from the header or cookie', async () => {
    const { access_token } = await issueTokens({ id: 7, username: 'ana', roles: ['Alpha'] }, secret);
    const headers = viewerRequest({ authorization: `Bearer ${access_token}` });
    expect((await authorize({ headers }, env)).context).toMatchObject({ username: 'ana' });
    const cookieHeaders = viewerRequest({}, { session: encodeURIComponent(access_token) });
    expect((await authorize({ headers: cookieHeaders }, env)).context).toMatchObject({ username: 'ana', auth_via: 'session' });
    // The cache key is the whole input: a good token elsewhere in the request cannot change a refusal.
    await expect(
      authorize({ headers: { ...viewerRequest({ authorization: 'Bearer nope' }), authorization: `Bearer ${access_token}` }, cookies: [`session=${access_token}`] }, env),
    ).rejects.toThrow('Unauthorized');
    await expect(authorize({ headers: { [CREDENTIAL_HEADER]: 'session:' }, cookies: [`session=${access_token}`] }, env)).rejects.toThrow('Unauthorized');
  });
});
