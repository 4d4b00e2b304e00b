// The security headers the local gateway sends, as CloudFront sends them in AWS (the policies of
// shared/resources/securityHeaders.ts, minus HSTS on http://localhost): JSON answers load and frame
// nothing; pages allow scripts from the app's origin only, its WebSocket, and framing by the app (or
// the EMBED_ALLOWED_ORIGINS); the server-rendered form pages allow only their own inline script or
// style, by hash.
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_CSP } from '../../shared/resources/securityHeaders';
import { startLocalCloud, type LocalCloud } from '../support/localCloud';

const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;
const directive = (csp: string | null, name: string) => (csp ?? '').split(/;\s*/).find((d) => d.startsWith(`${name} `))?.slice(name.length + 1);

function expectApiHeaders(res: Response) {
  expect(res.headers.get('content-security-policy')).toBe(API_CSP);
  expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  expect(res.headers.get('x-frame-options')).toBe('DENY');
  expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
  expect(res.headers.get('strict-transport-security')).toBeNull();
}

describe('security headers of the local gateway', () => {
  let cloud: LocalCloud;
  let token: string;
  beforeAll(async () => {
    cloud = await startLocalCloud();
    token = await cloud.login('admin', 'admin');
  });
  afterAll(() => cloud?.stop());

  it("puts CSP default-src 'none', frame-ancestors 'none', nosniff and DENY on API answers, the gateway's own included", async () => {
    const ok = await fetch(`${cloud.url}/api/v1/me/`, { headers: { authorization: `Bearer ${token}` } });
    expect(ok.status).toBe(200);
    expectApiHeaders(ok);
    const refused = await fetch(`${cloud.url}/api/v1/me/`);
    expect(refused.status).toBe(401);
    expectApiHeaders(refused);
    const missing = await fetch(`${cloud.url}/api/v1/no_such_thing/`);
    expect(missing.status).toBe(404);
    expectApiHeaders(missing);
    const invalid = await fetch(`${cloud.url}/api/v1/chart/?q=(((`, { headers: { authorization: `Bearer ${token}` } });
    expect(invalid.status).toBe(400);
    expectApiHeaders(invalid);
  });

  it('puts the page policy on the app: scripts from its origin only, its WebSocket, framing by itself, no HSTS over http', async () => {
    const res = await fetch(`${cloud.url}/sqllab/`, { headers: { accept: 'text/html' } });
    const csp = res.headers.get('content-security-policy');
    expect(directive(csp, 'script-src')).toBe("'self'");
    expect(directive(csp, 'connect-src')).toBe(`'self' ${cloud.wsUrl.replace(/\/ws$/, '')}`);
    expect(directive(csp, 'frame-ancestors')).toBe("'self'");
    expect(directive(csp, 'object-src')).toBe("'none'");
    expect(res.headers.get('x-frame-options')).toBe('SAMEORIGIN');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(res.headers.get('strict-transport-security')).toBeNull();
  });

  it("keeps a Host header that is not a plain host out of the pages' policy", async () => {
    const { request } = await import('node:http');
    const csp = await new Promise<string>((resolve, reject) => {
      const req = request(`${cloud.url}/sqllab/`, { headers: { host: "evil.example; script-src 'unsafe-inline'", accept: 'text/html' } }, (res) => {
        res.resume();
        resolve(String(res.headers['content-security-policy']));
      });
      req.on('error', reject).end();
    });
    expect(directive(csp, 'script-src')).toBe("'self'");
    expect(directive(csp, 'connect-src')).toBe("'self'");
  });

  it('lets the login form page use its own style only, by hash, and post back to this origin', async () => {
    const res = await fetch(`${cloud.url}/login/`, { headers: { accept: '*/*' } });
    expect(res.status).toBe(200);
    const html = await res.text();
    const csp = res.headers.get('content-security-policy');
    const style = /<style>([\s\S]*?)<\/style>/.exec(html)![1];
    expect(directive(csp, 'default-src')).toBe("'none'");
    expect(directive(csp, 'style-src')).toBe(sha256(style));
    expect(directive(csp, 'script-src')).toBe("'none'");
    expect(directive(csp, 'form-action')).toBe("'self'");
    expect(directive(csp, 'frame-ancestors')).toBe("'none'");
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it("allows the page of a query posted to /sqllab/ its one inline script by hash, not 'unsafe-inline'", async () => {
    const res = await fetch(`${cloud.url}/sqllab/`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ form_data: JSON.stringify({ sql: "SELECT '</script>' AS x" }) }),
    });
    expect(res.status).toBe(200);
    const html = await res.text();
    const script = /<script>([\s\S]*?)<\/script>/.exec(html)![1];
    const csp = res.headers.get('content-security-policy');
    expect(directive(csp, 'script-src')).toBe(sha256(script));
    expect(csp).not.toContain('unsafe-inline');
    expect(directive(csp, 'frame-ancestors')).toBe("'none'");
  });
});

describe('embedding allow-list', () => {
  let cloud: LocalCloud;
  beforeAll(async () => {
    cloud = await startLocalCloud({ env: { EMBED_ALLOWED_ORIGINS: 'https://portal.example.com http://localhost:9000' } });
  });
  afterAll(() => cloud?.stop());

  it('lets the EMBED_ALLOWED_ORIGINS frame the pages, without X-Frame-Options, and still no one the API', async () => {
    const page = await fetch(`${cloud.url}/dashboard/list/`, { headers: { accept: 'text/html' } });
    expect(directive(page.headers.get('content-security-policy'), 'frame-ancestors')).toBe("'self' https://portal.example.com http://localhost:9000");
    expect(page.headers.get('x-frame-options')).toBeNull();
    expectApiHeaders(await fetch(`${cloud.url}/api/v1/me/`));
  });
});
