import { describe, expect, it } from 'vitest';
import { API_CSP, apiPolicy, asyncSocketSources, pagePolicy, parseOrigins, serverPageCsp, withSecurityHeaders } from '../../../../shared/resources/securityHeaders';

describe('security headers', () => {
  it('applies a policy as CloudFront does: forced fields replace the answer’s, a CSP without override is kept', () => {
    const api = apiPolicy({ https: true });
    expect(withSecurityHeaders({ 'Content-Type': 'application/json', 'X-Frame-Options': 'ALLOWALL' }, api)).toEqual({
      'Content-Type': 'application/json',
      'content-security-policy': API_CSP,
      'x-content-type-options': 'nosniff',
      'referrer-policy': 'strict-origin-when-cross-origin',
      'x-frame-options': 'DENY',
      'strict-transport-security': 'max-age=63072000; includeSubDomains',
    });
    const own = serverPageCsp({ styles: ['sha256-abc'] });
    expect(withSecurityHeaders({ 'Content-Security-Policy': own }, api)['Content-Security-Policy']).toBe(own);
    const page = pagePolicy({ frameAncestors: [], connectSources: [], https: false });
    expect(withSecurityHeaders({ 'content-security-policy': "default-src *" }, page)['content-security-policy']).toBe(page.contentSecurityPolicy.value);
  });

  it('sends HSTS over HTTPS only, and X-Frame-Options only while no other origin may frame the pages', () => {
    expect(pagePolicy({ frameAncestors: [], connectSources: [], https: false }).strictTransportSecurity).toBeUndefined();
    expect(pagePolicy({ frameAncestors: [], connectSources: [], https: false }).frameOptions).toBe('SAMEORIGIN');
    expect(pagePolicy({ frameAncestors: ['https://a.example'], connectSources: [], https: true }).frameOptions).toBeUndefined();
  });

  it('reads origin lists and refuses anything that would change the policy', () => {
    expect(parseOrigins(' https://A.example.com, http://localhost:9000\nhttps://*.corp.example ', 'S')).toEqual(['https://a.example.com', 'http://localhost:9000', 'https://*.corp.example']);
    expect(parseOrigins(undefined, 'S')).toEqual([]);
    for (const bad of ["https://a.example;script-src 'unsafe-inline'", 'https://a.example/', "'self'", '*', 'javascript:alert(1)', 'https://a.example:99999x']) {
      expect(() => parseOrigins(bad, 'S'), bad).toThrow(/S: not an origin/);
    }
    expect(asyncSocketSources('wss://abc.execute-api.eu-west-1.amazonaws.com/live')).toEqual(['wss://abc.execute-api.eu-west-1.amazonaws.com']);
    expect(() => asyncSocketSources('not a url')).toThrow(/VITE_ASYNC_WS_URL/);
  });

  it("gives server-rendered pages nothing but their hashed inline elements", () => {
    expect(serverPageCsp({ scripts: ['sha256-x'] })).toBe("default-src 'none'; script-src 'sha256-x'; style-src 'none'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'");
  });
});
