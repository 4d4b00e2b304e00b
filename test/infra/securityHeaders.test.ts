// The distribution's response headers policies: pages and assets get the pages' CSP (no inline
// script), nosniff, the referrer policy, framing by the app only (SAMEORIGIN) unless origins are
// allowed to embed it, and HSTS; the API's answers get CSP default-src 'none' with frame-ancestors
// 'none' (a server-rendered form page keeps its own), DENY and HSTS. Both are the policies the local
// gateway sends (shared/resources/securityHeaders.ts).
import { App, Stack } from 'aws-cdk-lib';
import * as apigwv2 from 'aws-cdk-lib/aws-apigatewayv2';
import { Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { EMBED_CONTEXT, WebStack } from '../../infra/aws/WebStack';
import { WEBSOCKET_PATH } from '../../infra/aws/webPaths';
import { API_CSP, HSTS, pagePolicy } from '../../shared/resources/securityHeaders';
import { synthApp } from './synthApp';

type Props = Record<string, any>;
const WEBAPP_URL = 'https://analytics.example.com';

/** Each cache behaviour's response headers policy config (undefined where it has none), by path pattern. */
function policiesByBehaviour(web: Template): Map<string, Props | undefined> {
  const config = Object.values(web.findResources('AWS::CloudFront::Distribution'))[0].Properties.DistributionConfig as Props;
  const policies = web.findResources('AWS::CloudFront::ResponseHeadersPolicy');
  const configOf = (b: Props) => (b.ResponseHeadersPolicyId ? policies[b.ResponseHeadersPolicyId.Ref].Properties.ResponseHeadersPolicyConfig : undefined);
  return new Map([['default', configOf(config.DefaultCacheBehavior)], ...(config.CacheBehaviors as Props[]).map((b) => [b.PathPattern, configOf(b)] as [string, Props | undefined])]);
}

describe('the deployed app', () => {
  let byBehaviour: Map<string, Props | undefined>;
  beforeAll(async () => {
    byBehaviour = policiesByBehaviour((await synthApp({ withWebDist: true, webappUrl: WEBAPP_URL })).templates.web);
  });

  it('sends the pages the shared page policy: strict script-src, its own WebSocket, SAMEORIGIN framing, HSTS', () => {
    const headers = byBehaviour.get('default')!.SecurityHeadersConfig;
    const csp = pagePolicy({ frameAncestors: [], connectSources: ['wss://analytics.example.com'], https: true }).contentSecurityPolicy.value;
    expect(headers.ContentSecurityPolicy).toEqual({ ContentSecurityPolicy: csp, Override: true });
    expect(csp).toContain("script-src 'self';");
    expect(csp).toContain("connect-src 'self' wss://analytics.example.com;");
    expect(csp).toContain("frame-ancestors 'self'");
    expect(headers.ContentTypeOptions).toEqual({ Override: true });
    expect(headers.ReferrerPolicy).toEqual({ ReferrerPolicy: 'strict-origin-when-cross-origin', Override: true });
    expect(headers.FrameOptions).toEqual({ FrameOption: 'SAMEORIGIN', Override: true });
    expect(headers.StrictTransportSecurity).toEqual({ AccessControlMaxAgeSec: HSTS.maxAgeSeconds, IncludeSubdomains: true, Override: true });
  });

  it('sends every API path CSP none, nosniff, DENY and HSTS, keeping a CSP the answer brings', () => {
    const api = [...byBehaviour].filter(([pattern]) => pattern !== 'default' && pattern !== WEBSOCKET_PATH);
    expect(api.length).toBeGreaterThan(5);
    for (const [pattern, config] of api) {
      const headers = config?.SecurityHeadersConfig;
      expect(headers?.ContentSecurityPolicy, pattern).toEqual({ ContentSecurityPolicy: API_CSP, Override: false });
      expect(headers.ContentTypeOptions, pattern).toEqual({ Override: true });
      expect(headers.FrameOptions, pattern).toEqual({ FrameOption: 'DENY', Override: true });
      expect(headers.StrictTransportSecurity.AccessControlMaxAgeSec, pattern).toBe(HSTS.maxAgeSeconds);
    }
  });
});

describe('embedding', () => {
  function webTemplate(context: Record<string, string>) {
    const app = new App({ context });
    const apis = new Stack(app, 'Apis');
    const web = new WebStack(app, 'Web', {
      httpApi: new apigwv2.HttpApi(apis, 'HttpApi'),
      webSocketApi: new apigwv2.WebSocketApi(apis, 'WebSocketApi'),
      webSocketStage: 'live',
      webDist: '/nonexistent',
      warn: () => undefined,
    });
    return policiesByBehaviour(Template.fromStack(web)).get('default')!.SecurityHeadersConfig;
  }

  it('lets the origins of the embedAllowedOrigins context frame the pages, and drops X-Frame-Options', () => {
    const headers = webTemplate({ [EMBED_CONTEXT]: 'https://portal.example.com, https://wiki.example.org:8443' });
    expect(headers.ContentSecurityPolicy.ContentSecurityPolicy).toContain("frame-ancestors 'self' https://portal.example.com https://wiki.example.org:8443");
    expect(headers.FrameOptions).toBeUndefined();
  });

  it('refuses a setting that is not a list of origins, so it cannot rewrite the policy', () => {
    expect(() => webTemplate({ [EMBED_CONTEXT]: "https://a.example; script-src 'unsafe-inline'" })).toThrow(/not an origin/);
    expect(() => webTemplate({ [EMBED_CONTEXT]: 'https://a.example/path' })).toThrow(/not an origin/);
  });
});
