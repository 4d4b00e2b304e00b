// POST /api/v1/security/login and /refresh, answered like Superset's SecurityApi.
import { randomBytes } from 'node:crypto';
import { httpModule, type HttpRequest } from '../http/httpModule';
import { unauthorized } from '../../shared/errors';
import type { LoginBody } from '../../shared/routes/platform';
import { getPorts } from '../ports/index';
import { identityProviderFromEnv, type IdentityProvider } from '../platform/auth/identityProvider';
import { assertLoginAllowed, clearLoginFailures, recordLoginFailure } from '../platform/auth/loginThrottle';
import { clientIp } from '../http/clientIp';
import { CSRF_COOKIE, readCookies, viaSession } from '../platform/auth/session';

// Built per request (it is only a few closures) so it always uses the current ports and environment.
const identityProvider = (): IdentityProvider => identityProviderFromEnv(getPorts());

const bearer = (headers: HttpRequest['headers']) => {
  const value = headers.authorization ?? headers.Authorization ?? '';
  return /^Bearer\s+(.+)$/i.exec(value)?.[1]?.trim() ?? null;
};

export const handler = httpModule({
  // A cookie session's token is its csrf cookie (what its writes must send); Bearer callers get a fresh one.
  'security.csrfToken': (req) =>
    viaSession(req.event) ? { result: readCookies({ cookies: req.event.cookies, headers: req.headers })[CSRF_COOKIE] ?? '' } : { result: randomBytes(20).toString('hex') },
  'security.login': async (req: HttpRequest<unknown, unknown, unknown, LoginBody>) => {
    const ports = getPorts();
    const ip = clientIp(req.event);
    await assertLoginAllowed(ports, req.body.username, ip);
    // Only database users exist here: an LDAP login can never succeed, and gets the same answer as a bad password.
    const tokens =
      req.body.provider === 'db'
        ? await identityProvider().login(req.body.username, req.body.password, { refresh: req.body.refresh })
        : null;
    if (!tokens) {
      await recordLoginFailure(ports, req.body.username, ip);
      throw unauthorized('Not authorized');
    }
    await clearLoginFailures(ports, req.body.username, ip);
    return tokens;
  },
  // Superset sends the refresh token as the bearer token; a body field is accepted for other clients.
  'security.refresh': async (req: HttpRequest<unknown, unknown, unknown, { refresh_token?: string }>) => {
    const token = bearer(req.headers) ?? req.body?.refresh_token;
    if (!token) throw unauthorized('Missing refresh token');
    const refreshed = await identityProvider().refresh(token);
    if (!refreshed) throw unauthorized('Not authorized');
    return refreshed;
  },
});
