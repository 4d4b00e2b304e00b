// The HTTP API's Lambda authorizer (REQUEST, simple responses): API Gateway's JWT authorizer reads
// only the Authorization header, but form-login clients (superset-cli) send the session cookie. This
// verifies either one as the JWT authorizer did (Cognito's keys, issuer, token_use, app client) and
// hands the claims to the route's function as `requestContext.authorizer.lambda`, marking a cookie
// session so the API asks its writes for the CSRF token. A genuine Bearer token that only expired
// passes with the token_expired claim alone, so the function answers Superset's 401 {"msg": "Token has
// expired"} (clients refresh on it). No credential, or a bad one: 401.
// In AWS the credential comes in CloudFront's credential header (platform/auth/credentialHeader.ts),
// the key API Gateway caches answers by: when it is there, it alone decides.
import type { APIGatewayRequestAuthorizerEventV2 } from 'aws-lambda';
import { readCookies, SESSION_CLAIM, SESSION_CLAIM_VALUE, SESSION_COOKIE } from '../platform/auth/session';
import { isExpiredAccessToken, verifyAccessTokenClaims } from '../platform/auth/verifyAccessToken';
import { TOKEN_EXPIRED_CLAIM } from '../http/identity';
import { readCredentialHeader } from '../platform/auth/credentialHeader';

type Context = Record<string, string | number | boolean>;

/** Authorizer context values must be scalars: arrays become "[a b]", as the JWT authorizer passes them. */
function flatten(claims: Record<string, unknown>): Context {
  const out: Context = {};
  for (const [key, value] of Object.entries(claims)) {
    if (value === undefined || value === null) continue;
    out[key] = Array.isArray(value) ? `[${value.join(' ')}]` : typeof value === 'object' ? JSON.stringify(value) : (value as string | number | boolean);
  }
  return out;
}

const bearer = (headers: Record<string, string | undefined> | undefined) => {
  const value = (headers?.authorization ?? headers?.Authorization ?? '').trim();
  return value.replace(/^Bearer\s+/i, '');
};

export async function authorize(event: { headers?: Record<string, string | undefined>; cookies?: string[] }, env: NodeJS.ProcessEnv = process.env) {
  const credential = readCredentialHeader(event.headers);
  const header = bearer(credential ? { authorization: credential.authorization } : event.headers);
  if (header) {
    const claims = await verifyAccessTokenClaims(header, env);
    if (claims) return { isAuthorized: true, context: flatten(claims) };
    if (await isExpiredAccessToken(header, env)) return { isAuthorized: true, context: { [TOKEN_EXPIRED_CLAIM]: true } as Context };
  } else {
    const session = credential ? credential.session : readCookies({ cookies: event.cookies, headers: event.headers })[SESSION_COOKIE];
    const claims = session ? await verifyAccessTokenClaims(session, env) : null;
    if (claims) return { isAuthorized: true, context: { ...flatten(claims), [SESSION_CLAIM]: SESSION_CLAIM_VALUE } };
  }
  // Throwing "Unauthorized" is how a Lambda authorizer makes API Gateway answer 401 (not 403).
  throw new Error('Unauthorized');
}

export const handler = (event: APIGatewayRequestAuthorizerEventV2) => authorize(event);
