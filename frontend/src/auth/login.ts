// Sign-in and sign-out verbs. The login route is public, so a 401 here means bad credentials and is
// reported to the form rather than ending a session.
import { api } from '../api/client';
import { isApiError } from '../api/ApiError';
import { endSession, session, startSession } from './session';

export const INVALID_LOGIN_MESSAGE = 'Invalid login. Please try again.';

export type LoginResult = { ok: true } | { ok: false; message: string };

export async function login(username: string, password: string): Promise<LoginResult> {
  try {
    const { access_token } = await api.call('security.login', { body: { username, password, provider: 'db' } });
    startSession(access_token);
    return { ok: true };
  } catch (error) {
    if (isApiError(error) && (error.status === 401 || error.status === 400)) return { ok: false, message: INVALID_LOGIN_MESSAGE };
    if (isApiError(error)) return { ok: false, message: error.message };
    throw error;
  }
}

export function logout() {
  endSession('logout');
}

/** Only same-app paths are accepted as `next`, so a crafted link cannot bounce the user off-site. */
export function safeNextPath(next: unknown, fallback = '/sqllab/'): string {
  if (typeof next !== 'string' || !next.startsWith('/') || next.startsWith('//') || next.startsWith('/login')) return fallback;
  return next;
}

/**
 * Loads the display name and, as a side effect, proves the stored token is still accepted: a revoked
 * or expired token answers 401 and the client ends the session.
 */
export async function loadProfile(): Promise<void> {
  try {
    const { result } = await api.call('me.get');
    const name = [result.first_name, result.last_name].filter(Boolean).join(' ').trim();
    if (session.token) session.fullName = name || result.username;
  } catch (error) {
    // Only the 401 matters here (handled by the client); the menu falls back to the token's username.
    if (!isApiError(error)) throw error;
  }
}
