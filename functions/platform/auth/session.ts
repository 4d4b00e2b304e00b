// Browser-style sessions for Superset clients that log in with the form at /login/ (preset-cli's
// superset-cli): the session cookie holds the access token the API login would have answered, so the
// gateway's authorizer (locally, and the Lambda authorizer in AWS) verifies it exactly as a Bearer
// token. CSRF is double-submit: /login/ sets an HttpOnly `csrf_token` cookie whose value is in the
// form; a write authenticated by the session cookie must send that value as X-CSRFToken (or the form
// field), which another site can neither read nor set.
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { SupersetError } from '../../../shared/errors';

export const SESSION_COOKIE = 'session';
export const CSRF_COOKIE = 'csrf_token';
/** The claim the authorizers add when the identity came from the session cookie, not a Bearer token. */
export const SESSION_CLAIM = 'auth_via';
export const SESSION_CLAIM_VALUE = 'session';

/** Cookies of a request: the v2 event's `cookies` array, else the Cookie header. */
export function readCookies(input: { cookies?: string[]; headers?: Record<string, string | undefined> }): Record<string, string> {
  const pairs = input.cookies?.length ? input.cookies : (input.headers?.cookie ?? input.headers?.Cookie ?? '').split(/;\s*/);
  const out: Record<string, string> = {};
  for (const pair of pairs) {
    const at = pair.indexOf('=');
    if (at <= 0) continue;
    const name = pair.slice(0, at).trim();
    if (!(name in out)) out[name] = decodeURIComponent(pair.slice(at + 1).trim());
  }
  return out;
}

export const newCsrfToken = () => randomBytes(24).toString('hex');

/** `Secure` everywhere but plain-http local hosts (a browser drops Secure cookies over http). */
const isLocalHost = (host: string | undefined) => /^(localhost|127\.0\.0\.1|\[::1\])(:\d+)?$/i.test(host ?? '');

export function cookie(name: string, value: string, options: { host?: string; maxAgeSeconds?: number }): string {
  const parts = [`${name}=${encodeURIComponent(value)}`, 'Path=/', 'HttpOnly', 'SameSite=Lax'];
  if (!isLocalHost(options.host)) parts.push('Secure');
  if (options.maxAgeSeconds !== undefined) parts.push(`Max-Age=${options.maxAgeSeconds}`);
  return parts.join('; ');
}

export const clearCookie = (name: string, host?: string) => cookie(name, '', { host, maxAgeSeconds: 0 });

const same = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

/** Whether `sent` is the csrf cookie's token. */
export const csrfMatches = (cookies: Record<string, string>, sent: string | undefined | null) =>
  !!sent && !!cookies[CSRF_COOKIE] && same(cookies[CSRF_COOKIE], sent);

/**
 * A write authenticated by the session cookie needs the CSRF token (Flask-WTF's 400 otherwise).
 * Reads and Bearer-authenticated calls pass.
 */
export function checkSessionCsrf(input: {
  method: string;
  viaSession: boolean;
  cookies: Record<string, string>;
  headers: Record<string, string | undefined>;
}): void {
  if (!input.viaSession || ['GET', 'HEAD', 'OPTIONS'].includes(input.method.toUpperCase())) return;
  const sent = input.headers['x-csrftoken'] ?? input.headers['X-CSRFToken'] ?? input.headers['x-csrf-token'];
  if (!sent) throw new SupersetError('GENERIC_BACKEND_ERROR', 'The CSRF token is missing.', { status: 400 });
  if (!csrfMatches(input.cookies, sent)) throw new SupersetError('GENERIC_BACKEND_ERROR', 'The CSRF tokens do not match.', { status: 400 });
}

/** Whether the authorizer found the caller through the session cookie (it adds SESSION_CLAIM). */
export function viaSession(event: { requestContext?: unknown }): boolean {
  const ctx = event.requestContext as { authorizer?: { jwt?: { claims?: Record<string, unknown> }; lambda?: Record<string, unknown> } } | undefined;
  const claims = ctx?.authorizer?.jwt?.claims ?? ctx?.authorizer?.lambda;
  return claims?.[SESSION_CLAIM] === SESSION_CLAIM_VALUE;
}

/** Seconds until a JWT's exp (the session cookie lives as long as its token), at least 60. */
export function secondsLeft(token: string, nowMs: number): number {
  try {
    const payload = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as { exp?: number };
    return typeof payload.exp === 'number' ? Math.max(60, Math.floor(payload.exp - nowMs / 1000)) : 3600;
  } catch {
    return 3600;
  }
}
