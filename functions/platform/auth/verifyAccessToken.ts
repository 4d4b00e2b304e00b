// Checks an access token where API Gateway's authorizer cannot: the WebSocket $connect, which browsers
// open without an Authorization header. Local mode checks our HS256 signature; cognito mode checks the
// user pool's keys, issuer, token_use and app client, as the HTTP API's JWT authorizer does.
import { createRemoteJWKSet, jwtVerify, errors as joseErrors } from 'jose';
import { FUNCTION_ENV } from '../../../shared/resources/index';
import { requireEnv } from '../../ports/env';
import { identityFromClaims, type Identity } from '../../http/identity';
import { authMode } from './identityProvider';
import { isExpiredLocalToken, verifyLocalToken } from './localTokens';

type Jwks = ReturnType<typeof createRemoteJWKSet>;
// One key set per issuer per container: jose caches the fetched keys inside it.
const keySets = new Map<string, Jwks>();

const cognitoIssuer = (env: NodeJS.ProcessEnv) => {
  const poolId = requireEnv(FUNCTION_ENV.cognitoUserPoolId, env);
  // The pool id starts with its region (us-east-1_AbC123).
  const region = poolId.split('_')[0];
  return `https://cognito-idp.${region}.amazonaws.com/${poolId}`;
};

async function verifyCognito(token: string, env: NodeJS.ProcessEnv): Promise<Record<string, unknown> | null> {
  const issuer = cognitoIssuer(env);
  let jwks = keySets.get(issuer);
  if (!jwks) keySets.set(issuer, (jwks = createRemoteJWKSet(new URL(`${issuer}/.well-known/jwks.json`))));
  try {
    const { payload } = await jwtVerify(token, jwks, { issuer });
    // Cognito access tokens carry client_id rather than aud.
    if (payload.token_use !== 'access' || payload.client_id !== requireEnv(FUNCTION_ENV.cognitoClientId, env)) return null;
    return payload as Record<string, unknown>;
  } catch (error) {
    if (error instanceof joseErrors.JOSEError) return null;
    throw error;
  }
}

/** The verified claims of an access token (Cognito's or a local one), or null. */
export async function verifyAccessTokenClaims(token: string, env: NodeJS.ProcessEnv = process.env): Promise<Record<string, unknown> | null> {
  if (!token) return null;
  return authMode(env) === 'cognito'
    ? await verifyCognito(token, env)
    : ((await verifyLocalToken(token, requireEnv(FUNCTION_ENV.localJwtSecret, env))) as Record<string, unknown> | null);
}

export async function verifyAccessToken(token: string, env: NodeJS.ProcessEnv = process.env): Promise<Identity | null> {
  const claims = await verifyAccessTokenClaims(token, env);
  return claims ? identityFromClaims(claims as Parameters<typeof identityFromClaims>[0]) : null;
}

/**
 * Whether a token failed only because it expired: signed by the pool (or our local key), issued to
 * this app's client as an access token, its `exp` in the past. Anything else is false.
 */
export async function isExpiredAccessToken(token: string, env: NodeJS.ProcessEnv = process.env): Promise<boolean> {
  if (!token) return false;
  if (authMode(env) !== 'cognito') return isExpiredLocalToken(token, requireEnv(FUNCTION_ENV.localJwtSecret, env));
  const issuer = cognitoIssuer(env);
  let jwks = keySets.get(issuer);
  if (!jwks) keySets.set(issuer, (jwks = createRemoteJWKSet(new URL(`${issuer}/.well-known/jwks.json`))));
  try {
    await jwtVerify(token, jwks, { issuer });
    return false;
  } catch (error) {
    // jose checks the signature, then the issuer, then the times: JWTExpired means the rest held.
    if (!(error instanceof joseErrors.JWTExpired)) return false;
    return error.payload.token_use === 'access' && error.payload.client_id === requireEnv(FUNCTION_ENV.cognitoClientId, env);
  }
}
