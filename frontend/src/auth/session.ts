// The signed-in session: the bearer token (kept in local storage so a reload stays signed in) and the
// identity read from its claims. The API client reads the token from here; a 401 ends the session and
// the router, which listens, sends the user to /login.
import { proxy } from 'valtio';
import { rolesOfGroupsClaim } from '../../../shared/security/roleGroups';

export const TOKEN_STORAGE_KEY = 'sqlscape.access_token';

export interface SessionState {
  token: string | null;
  username: string | null;
  userId: number | null;
  roles: string[];
  /** Display name from GET /api/v1/me/, once loaded. */
  fullName: string | null;
  /**
   * Every permission/view pair of the user's roles from GET /api/v1/me/roles/ (custom roles and data
   * grants included), once loaded; until then the built-in roles' pairs answer (see auth/permissions).
   */
  permissions: [string, string][] | null;
  /** The deployment's feature flags, from the same answer. */
  featureFlags: Record<string, boolean>;
}

export type SessionEndReason = 'logout' | 'expired';

interface Claims {
  username?: string;
  'cognito:username'?: string;
  user_id?: number | string;
  sub?: string;
  'cognito:groups'?: string[] | string;
  exp?: number;
}

/** Reads JWT claims without verifying them: the server verifies; the UI only needs the display name. */
export function decodeClaims(token: string): Claims | null {
  const part = token.split('.')[1];
  if (!part) return null;
  try {
    const base64 = part.replace(/-/g, '+').replace(/_/g, '/').padEnd(Math.ceil(part.length / 4) * 4, '=');
    const json = decodeURIComponent(
      Array.from(atob(base64), (c) => `%${c.charCodeAt(0).toString(16).padStart(2, '0')}`).join(''),
    );
    const claims = JSON.parse(json) as unknown;
    return typeof claims === 'object' && claims !== null ? (claims as Claims) : null;
  } catch {
    return null;
  }
}

/** A token whose `exp` has passed is treated as absent so the app goes to /login before any 401. */
export function isExpired(claims: Claims | null, nowMs: number): boolean {
  return typeof claims?.exp === 'number' && claims.exp * 1000 <= nowMs;
}

export function sessionFromToken(token: string | null, nowMs = Date.now()): SessionState {
  const claims = token ? decodeClaims(token) : null;
  if (!token || !claims || isExpired(claims, nowMs)) return { token: null, username: null, userId: null, roles: [], fullName: null, permissions: null, featureFlags: {} };
  const groups = claims['cognito:groups'];
  const userId = Number(claims.user_id ?? claims.sub);
  return {
    token,
    username: claims.username ?? claims['cognito:username'] ?? null,
    userId: Number.isFinite(userId) ? userId : null,
    roles: rolesOfGroupsClaim(groups),
    fullName: null,
    permissions: null,
    featureFlags: {},
  };
}

function readStoredToken(): string | null {
  try {
    return globalThis.localStorage?.getItem(TOKEN_STORAGE_KEY) ?? null;
  } catch {
    return null;
  }
}

function writeStoredToken(token: string | null) {
  try {
    if (token) globalThis.localStorage?.setItem(TOKEN_STORAGE_KEY, token);
    else globalThis.localStorage?.removeItem(TOKEN_STORAGE_KEY);
  } catch {
    // Storage can be disabled (private mode); the session then lasts for this page only.
  }
}

export const session = proxy<SessionState>(sessionFromToken(readStoredToken()));

const endListeners = new Set<(reason: SessionEndReason) => void>();

export const getToken = () => session.token;
export const isSignedIn = () => session.token !== null && !isExpired(decodeClaims(session.token), Date.now());

export function startSession(token: string) {
  Object.assign(session, sessionFromToken(token));
  writeStoredToken(session.token);
}

/** Clears the token everywhere and tells listeners (router, async events) why. */
export function endSession(reason: SessionEndReason) {
  const wasSignedIn = session.token !== null;
  Object.assign(session, sessionFromToken(null));
  writeStoredToken(null);
  if (wasSignedIn || reason === 'expired') for (const listener of endListeners) listener(reason);
}

export function onSessionEnd(listener: (reason: SessionEndReason) => void): () => void {
  endListeners.add(listener);
  return () => endListeners.delete(listener);
}
