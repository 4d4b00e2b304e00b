// Tokens for AUTH_MODE=local: HS256 JWTs whose claims mirror what Cognito puts on API Gateway's JWT
// authorizer (sub, username, cognito:groups), plus user_id for our integer ids, so handlers read the
// same identity whichever identity provider issued the token.
import { SignJWT, jwtVerify, errors as joseErrors } from 'jose';
import { weakSecretReason } from './signingSecret';
import { roleGroup } from '../../../shared/security/roleGroups';

export interface TokenUser {
  id: number;
  username: string;
  roles: string[];
}

export type TokenUse = 'access' | 'refresh';

export interface LocalClaims {
  sub: string;
  user_id: number;
  username: string;
  'cognito:groups': string[];
  token_use: TokenUse;
  iat: number;
  exp: number;
}

export interface IssuedTokens {
  access_token: string;
  refresh_token?: string;
}

/** One hour, like Cognito's default access token lifetime. */
export const ACCESS_TOKEN_TTL_SECONDS = 3600;
/** Thirty days, Cognito's default refresh token lifetime. */
export const REFRESH_TOKEN_TTL_SECONDS = 30 * 24 * 3600;

const ISSUER = 'sqlscape-local';
const ALG = 'HS256';

const keyOf = (secret: string) => {
  // A short or shipped secret makes HS256 tokens forgeable; refuse it rather than run weakly.
  const weak = weakSecretReason(secret);
  if (weak) throw new Error(`LOCAL_JWT_SECRET is ${weak}: it must be a random secret of at least 16 characters`);
  return new TextEncoder().encode(secret);
};

async function sign(user: TokenUser, secret: string, use: TokenUse, ttlSeconds: number, nowMs: number) {
  const iat = Math.floor(nowMs / 1000);
  return new SignJWT({
    user_id: user.id,
    username: user.username,
    'cognito:groups': user.roles.map(roleGroup),
    token_use: use,
  })
    .setProtectedHeader({ alg: ALG, typ: 'JWT' })
    .setSubject(String(user.id))
    .setIssuer(ISSUER)
    .setIssuedAt(iat)
    .setExpirationTime(iat + ttlSeconds)
    .sign(keyOf(secret));
}

/** Issues an access token, and a refresh token when asked (Superset's login `refresh: true`). */
export async function issueTokens(
  user: TokenUser,
  secret: string,
  options: { refresh?: boolean; nowMs?: number } = {},
): Promise<IssuedTokens> {
  const nowMs = options.nowMs ?? Date.now();
  const access_token = await sign(user, secret, 'access', ACCESS_TOKEN_TTL_SECONDS, nowMs);
  if (!options.refresh) return { access_token };
  return { access_token, refresh_token: await sign(user, secret, 'refresh', REFRESH_TOKEN_TTL_SECONDS, nowMs) };
}

async function verify(token: string, secret: string, use: TokenUse, nowMs?: number): Promise<LocalClaims | null> {
  try {
    const { payload } = await jwtVerify(token, keyOf(secret), {
      algorithms: [ALG],
      issuer: ISSUER,
      currentDate: nowMs === undefined ? undefined : new Date(nowMs),
    });
    // A refresh token must never pass as an access token (and vice versa): both share one key.
    if (payload.token_use !== use) return null;
    if (typeof payload.sub !== 'string' || typeof payload.username !== 'string') return null;
    const groups = payload['cognito:groups'];
    return {
      sub: payload.sub,
      user_id: Number(payload.user_id),
      username: payload.username,
      'cognito:groups': Array.isArray(groups) ? groups.map(String) : [],
      token_use: use,
      iat: Number(payload.iat),
      exp: Number(payload.exp),
    };
  } catch (error) {
    if (error instanceof joseErrors.JOSEError) return null;
    throw error;
  }
}

/**
 * Whether a token carries this secret's valid signature but is past its expiry (jose checks the
 * signature before the claims, so an expired verdict means the token was genuine).
 */
export async function isExpiredLocalToken(token: string, secret: string): Promise<boolean> {
  try {
    await jwtVerify(token, keyOf(secret), { algorithms: [ALG], issuer: ISSUER });
    return false;
  } catch (error) {
    return error instanceof joseErrors.JWTExpired;
  }
}

/** The claims of a valid, unexpired access token; null for anything else (bad signature, refresh token...). */
export const verifyLocalToken = (token: string, secret: string, nowMs?: number) => verify(token, secret, 'access', nowMs);

/** The claims of a valid, unexpired refresh token; null otherwise. */
export const verifyLocalRefreshToken = (token: string, secret: string, nowMs?: number) =>
  verify(token, secret, 'refresh', nowMs);
