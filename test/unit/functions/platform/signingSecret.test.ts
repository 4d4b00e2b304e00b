import { describe, expect, it } from 'vitest';
import { assertSigningConfigured, weakSecretReason } from '../../../../functions/platform/auth/signingSecret';
import { issueTokens } from '../../../../functions/platform/auth/localTokens';

const lambda = { AWS_LAMBDA_FUNCTION_NAME: 'sqlscape-api-security' };

describe('token signing secret (CVE-2023-27524)', () => {
  it('names why a secret is weak: missing, a shipped default, short, repetitive', () => {
    expect(weakSecretReason(undefined)).toBe('missing');
    expect(weakSecretReason('thisismyscretkey')).toBe('a well-known default');
    expect(weakSecretReason('CHANGE_ME_TO_A_COMPLEX_RANDOM_SECRET')).toBe('a well-known default');
    expect(weakSecretReason('abc123')).toMatch(/shorter/);
    expect(weakSecretReason('aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa')).toBe('too repetitive');
    expect(weakSecretReason('k8Jd93-Lq0Zp_x7Vb2Nn4Rt6Yw1Ue5Sa')).toBeNull();
  });

  it('a Lambda function refuses to start in local auth mode without a strong secret', () => {
    expect(() => assertSigningConfigured({ ...lambda, AUTH_MODE: 'local' })).toThrow(/Refusing to start: LOCAL_JWT_SECRET is missing/);
    expect(() => assertSigningConfigured({ ...lambda, LOCAL_JWT_SECRET: 'thisismyscretkey' })).toThrow(/well-known default/);
    expect(() => assertSigningConfigured({ ...lambda, LOCAL_JWT_SECRET: 'k8Jd93-Lq0Zp_x7Vb2Nn4Rt6Yw1Ue5Sa' })).not.toThrow();
  });

  it('in Cognito mode it needs the pool and client; outside Lambda the local cloud brings its own secret', () => {
    expect(() => assertSigningConfigured({ ...lambda, AUTH_MODE: 'cognito', COGNITO_CLIENT_ID: 'c' })).toThrow(/COGNITO_USER_POOL_ID is missing/);
    expect(() => assertSigningConfigured({ ...lambda, AUTH_MODE: 'cognito', COGNITO_CLIENT_ID: 'c', COGNITO_USER_POOL_ID: 'p' })).not.toThrow();
    expect(() => assertSigningConfigured({})).not.toThrow();
  });

  it('never signs with a default secret', async () => {
    await expect(issueTokens({ id: 1, username: 'admin', roles: ['Admin'] }, 'thisismyscretkey')).rejects.toThrow(/well-known default/);
  });
});
