// The caller's identity, read from the JWT authorizer claims API Gateway (or infra/local) puts on the
// event. Claim names are Cognito's: sub, username, cognito:groups; user_id carries our integer id.
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import type { Grants } from '../../shared/security/permissions';
import { rolesOfGroupsClaim } from '../../shared/security/roleGroups';

export interface Identity {
  userId: number;
  username: string;
  roles: string[];
  /** The pairs of the user's roles, resolved from the role store by the handler stack (see `can`). */
  grants?: Grants;
}

type Claims = Record<string, string | number | boolean | string[] | undefined>;

export function identityFromClaims(claims: Claims | undefined): Identity | null {
  if (!claims) return null;
  const userId = Number(claims.user_id ?? claims['custom:user_id'] ?? claims.sub);
  const username = String(claims.username ?? claims['cognito:username'] ?? '');
  if (!Number.isInteger(userId) || userId <= 0 || !username) return null;
  return { userId, username, roles: rolesOfGroupsClaim(claims['cognito:groups']) };
}

export function identityFromEvent(event: Pick<APIGatewayProxyEventV2, 'requestContext'>): Identity | null {
  const ctx = event.requestContext as { authorizer?: { jwt?: { claims?: Claims }; lambda?: Claims } };
  return identityFromClaims(ctx.authorizer?.jwt?.claims ?? ctx.authorizer?.lambda);
}

/**
 * The HTTP API's Lambda authorizer lets a genuine but expired access token through with only this
 * claim (no identity), so the function can answer it as flask-jwt-extended does: 401
 * {"msg": "Token has expired"}, the answer on which Superset clients refresh. API Gateway's own 401
 * body ({"message": "Unauthorized"}) cannot be changed on an HTTP API.
 */
export const TOKEN_EXPIRED_CLAIM = 'token_expired';

export function tokenExpiredOnEvent(event: Pick<APIGatewayProxyEventV2, 'requestContext'>): boolean {
  const ctx = event.requestContext as { authorizer?: { lambda?: Claims } };
  const value = ctx.authorizer?.lambda?.[TOKEN_EXPIRED_CLAIM];
  return value === true || value === 'true';
}
