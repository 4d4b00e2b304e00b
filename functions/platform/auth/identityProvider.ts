// The identity-provider port behind POST /api/v1/security/login and /refresh. AUTH_MODE picks it:
// `local` checks the users table and signs its own tokens; `cognito` delegates to a Cognito user pool,
// whose access token API Gateway's JWT authorizer then verifies. Both answer null for any failure,
// so the handler gives one 401 whether the user is unknown or the password wrong.
import { FUNCTION_ENV } from '../../../shared/resources/index';
import { optionalEnv, requireEnv } from '../../ports/env';
import type { Ports } from '../../ports/index';
import { localProvider } from './localProvider';
import { cognitoProvider } from './cognitoProvider';
import type { IdentityProvider } from './providerTypes';

export type { IdentityProvider } from './providerTypes';

export type AuthMode = 'local' | 'cognito';

export function authMode(env: NodeJS.ProcessEnv = process.env): AuthMode {
  const mode = optionalEnv(FUNCTION_ENV.authMode, 'local', env);
  if (mode !== 'local' && mode !== 'cognito') throw new Error(`Unknown ${FUNCTION_ENV.authMode} ${mode}`);
  return mode;
}

export function identityProviderFromEnv(ports: Ports, env: NodeJS.ProcessEnv = process.env): IdentityProvider {
  if (authMode(env) === 'cognito') return cognitoProvider(requireEnv(FUNCTION_ENV.cognitoClientId, env));
  return localProvider(ports, requireEnv(FUNCTION_ENV.localJwtSecret, env));
}
