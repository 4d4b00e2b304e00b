// Form login (GET/POST /login/ and their /superset twins) and GET /logout/, as Flask-AppBuilder's
// AuthDBView answers them: the form with its csrf_token, a 302 with the session cookie on success,
// the form again (with FAB's message) on a bad login.
import { httpModule, type HttpRequest } from '../http/httpModule';
import { raw } from '../http/respond';
import { getPorts } from '../ports/index';
import type { FormLoginBody } from '../../shared/routes/session';
import { identityProviderFromEnv } from '../platform/auth/identityProvider';
import { LOGIN_PAGE_STYLE, loginPageHtml } from '../platform/auth/loginPage';
import { htmlPageHeaders } from '../http/htmlPage';
import { assertLoginAllowed, clearLoginFailures, recordLoginFailure } from '../platform/auth/loginThrottle';
import { clientIp } from '../http/clientIp';
import { SupersetError } from '../../shared/errors';
import { clearCookie, cookie, CSRF_COOKIE, csrfMatches, newCsrfToken, readCookies, secondsLeft, SESSION_COOKIE } from '../platform/auth/session';

const CSRF_MAX_AGE = 7 * 24 * 3600;

const hostOf = (req: HttpRequest) => req.headers.host ?? req.headers.Host;
const cookiesOf = (req: HttpRequest) => readCookies({ cookies: req.event.cookies, headers: req.headers });
/** Where to go after login: a path on this site only (never another origin). */
const safeNext = (next: string | undefined) => (next && next.startsWith('/') && !next.startsWith('//') && !next.startsWith('/\\') ? next : '/');
const actionOf = (req: HttpRequest) => req.event.rawPath ?? '/login/';

function page(req: HttpRequest, status: number, options: { error?: string; username?: string; next?: string }) {
  const token = cookiesOf(req)[CSRF_COOKIE] ?? newCsrfToken();
  return raw({
    statusCode: status,
    headers: htmlPageHeaders({ styles: [LOGIN_PAGE_STYLE] }),
    cookies: [cookie(CSRF_COOKIE, token, { host: hostOf(req), maxAgeSeconds: CSRF_MAX_AGE })],
    body: loginPageHtml({ csrfToken: token, action: actionOf(req), ...options }),
  });
}

async function login(req: HttpRequest<unknown, unknown, unknown, FormLoginBody>) {
  const { username, password, csrf_token: sent, next } = req.body;
  if (!csrfMatches(cookiesOf(req), sent)) return page(req, 400, { error: 'The CSRF token is missing or does not match. Please try again.', username, next });
  // The same throttle as the API login: failures count per (username, client IP) and per client IP.
  const ports = getPorts();
  const ip = clientIp(req.event);
  try {
    await assertLoginAllowed(ports, username, ip);
  } catch (error) {
    if (error instanceof SupersetError && error.status === 429) return page(req, 429, { error: error.message, username, next });
    throw error;
  }
  const tokens = username && password ? await identityProviderFromEnv(ports).login(username, password, { refresh: false }) : null;
  if (!tokens) {
    await recordLoginFailure(ports, username, ip);
    return page(req, 200, { error: 'Invalid login. Please try again.', username, next });
  }
  await clearLoginFailures(ports, username, ip);
  return raw({
    statusCode: 302,
    headers: { location: safeNext(next), 'cache-control': 'no-store' },
    cookies: [cookie(SESSION_COOKIE, tokens.access_token, { host: hostOf(req), maxAgeSeconds: secondsLeft(tokens.access_token, Date.now()) })],
    body: '',
  });
}

const loginPage = (req: HttpRequest<unknown, { next?: string }>) => page(req, 200, { next: req.query?.next });

export const handler = httpModule({
  'session.loginPage': loginPage,
  'session.loginPageTwin': loginPage,
  'session.login': login,
  'session.loginTwin': login,
  'session.logout': (req) =>
    raw({
      statusCode: 302,
      headers: { location: '/login/', 'cache-control': 'no-store' },
      cookies: [clearCookie(SESSION_COOKIE, hostOf(req)), clearCookie(CSRF_COOKIE, hostOf(req))],
      body: '',
    }),
});
