// The frontend distribution: a bucket only CloudFront can read, SPA rewrites on the default
// behaviour only, and the API's paths forwarded uncached with the viewer's headers.
import { Match } from 'aws-cdk-lib/assertions';
import { runInNewContext } from 'node:vm';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiRoutes, deployedRouteKey } from '../../infra/aws/httpRoutes';
import { WEBSOCKET_STAGE } from '../../infra/aws/RealtimeStack';
import { apiPathPatterns, rewritesToIndex, SPA_REWRITE_FUNCTION, WEBSOCKET_PATH, webSocketRewriteFunction } from '../../infra/aws/webPaths';
import { routes, type RouteDef } from '../../shared/routes/index';
import { synthesized, type Synthesized } from './synthesized';
import { CREDENTIAL_FUNCTION } from '../../infra/aws/authorizer';

// CloudFront's managed policy ids (documented constants).
const CACHING_DISABLED = '4135ea2d-6df8-44a3-9df3-4b5a84be39ad';
const ALL_VIEWER_EXCEPT_HOST_HEADER = 'b689b0a8-53d0-40ab-baf2-68738e2966ac';

let web: Synthesized['templates']['web'];

beforeAll(async () => {
  web = (await synthesized('app')).templates.web;
});

type Props = Record<string, any>;
const distribution = () => Object.values(web.findResources('AWS::CloudFront::Distribution'))[0].Properties.DistributionConfig as Props;
const behaviours = () => distribution().CacheBehaviors as Props[];
const apiBehaviours = () => behaviours().filter((b) => b.PathPattern !== WEBSOCKET_PATH);
const originOf = (b: Props) => (distribution().Origins as Props[]).find((o) => o.Id === b.TargetOriginId)!;

describe('web bucket', () => {
  it('is readable only by this distribution, through Origin Access Control', () => {
    const [policy] = Object.values(web.findResources('AWS::S3::BucketPolicy'));
    const statements = policy.Properties.PolicyDocument.Statement as Props[];
    for (const s of statements.filter((s) => s.Effect === 'Allow')) {
      expect(s.Principal).toEqual({ Service: 'cloudfront.amazonaws.com' });
      expect(s.Condition.StringEquals['AWS:SourceArn']).toBeDefined();
    }
    expect(statements.some((s) => s.Effect === 'Allow' && (s.Principal === '*' || s.Principal?.AWS === '*'))).toBe(false);
    web.hasResourceProperties('AWS::CloudFront::OriginAccessControl', {
      OriginAccessControlConfig: Match.objectLike({ OriginAccessControlOriginType: 's3', SigningBehavior: 'always', SigningProtocol: 'sigv4' }),
    });
    const s3Origin = (distribution().Origins as Props[]).find((o) => o.S3OriginConfig);
    expect(s3Origin!.OriginAccessControlId).toBeDefined();
  });

  it('receives the built frontend: hashed chunks cached a year, then the page revalidated on every load, neither pruning the previous release', () => {
    const deployments = Object.entries(web.findResources('Custom::CDKBucketDeployment'));
    expect(deployments).toHaveLength(2);
    const [[assetsId, assets]] = deployments.filter(([id]) => id.startsWith('WebAssetsDeployment'));
    const [[, page]] = deployments.filter(([id]) => id.startsWith('WebDeployment'));
    expect(assets.Properties).toMatchObject({ Prune: false, SystemMetadata: { 'cache-control': 'public, max-age=31536000, immutable' } });
    expect(assets.Properties.DistributionPaths).toBeUndefined();
    expect(page.Properties).toMatchObject({ Prune: false, DistributionPaths: ['/index.html'], SystemMetadata: { 'cache-control': 'no-cache' } });
    // The page goes after the chunks it names.
    expect([page.DependsOn].flat()).toContain(assetsId);
  });
});

describe('distribution', () => {
  it('rewrites SPA paths with a viewer-request function on the default behaviour, not with error pages', () => {
    const config = distribution();
    expect(config.DefaultCacheBehavior.FunctionAssociations).toEqual([expect.objectContaining({ EventType: 'viewer-request' })]);
    expect(config.CustomErrorResponses).toBeUndefined();
    // The API behaviours run only the function that writes the authorizer's cache key.
    const [credentialFn] = Object.entries(web.findResources('AWS::CloudFront::Function')).filter(([, f]) => f.Properties.FunctionCode === CREDENTIAL_FUNCTION);
    expect(credentialFn).toBeDefined();
    for (const b of apiBehaviours()) {
      expect(b.FunctionAssociations, b.PathPattern).toEqual([{ EventType: 'viewer-request', FunctionARN: { 'Fn::GetAtt': [credentialFn[0], 'FunctionARN'] } }]);
    }
  });

  it('sends the API paths of the route table to the HTTP API, uncached, with all viewer headers', () => {
    expect(apiBehaviours().map((b) => b.PathPattern).sort()).toEqual(apiPathPatterns(routes));
    const apiOrigin = originOf(apiBehaviours()[0]);
    expect(JSON.stringify(apiOrigin.DomainName)).toMatch(/HttpApi/);
    expect(apiOrigin.CustomOriginConfig.OriginProtocolPolicy).toBe('https-only');
    for (const b of behaviours()) {
      if (b.PathPattern !== WEBSOCKET_PATH) expect(b.TargetOriginId, b.PathPattern).toBe(apiOrigin.Id);
      expect(b.CachePolicyId, b.PathPattern).toBe(CACHING_DISABLED);
      expect(b.OriginRequestPolicyId, b.PathPattern).toBe(ALL_VIEWER_EXCEPT_HOST_HEADER);
      expect(b.AllowedMethods.sort(), b.PathPattern).toEqual(['DELETE', 'GET', 'HEAD', 'OPTIONS', 'PATCH', 'POST', 'PUT']);
      expect(b.ViewerProtocolPolicy).toBe('redirect-to-https');
    }
  });
});

describe('WebSocket through CloudFront', () => {
  it('sends /ws to the WebSocket API stage, so the SPA connects to its own host', () => {
    const ws = behaviours().find((b) => b.PathPattern === WEBSOCKET_PATH)!;
    expect(JSON.stringify(originOf(ws).DomainName)).toMatch(/WebSocketApi/);
    expect(ws.FunctionAssociations).toEqual([expect.objectContaining({ EventType: 'viewer-request' })]);
    web.hasResourceProperties('AWS::CloudFront::Function', { FunctionCode: webSocketRewriteFunction(WEBSOCKET_STAGE) });
    const rewritten = runInNewContext(`${webSocketRewriteFunction(WEBSOCKET_STAGE)}; handler({ request: { uri: '/ws', querystring: { token: { value: 't' } } } })`);
    expect(rewritten).toEqual({ uri: `/${WEBSOCKET_STAGE}`, querystring: { token: { value: 't' } } });
  });
});

describe('API path patterns', () => {
  const r = (path: string) => ({ path }) as Pick<RouteDef, 'path'>;

  it('groups areas by first segment and splits segments the SPA shares', () => {
    expect(apiPathPatterns([r('/api/v1/me/'), r('/api/v1/chart/{pk}'), r('/kv/{pk}'), r('/health'), r('/superset/log/'), r('/tabstateview/')])).toEqual([
      '/api/*',
      '/health',
      '/kv/*',
      '/superset/log/*',
      '/tabstateview/*',
    ]);
  });

  it('covers every route of the table but those on SPA page paths (redirected by the rewrite function)', () => {
    const patterns = apiPathPatterns(routes);
    const matches = (pattern: string, path: string) =>
      pattern.endsWith('*') ? path.startsWith(pattern.slice(0, -1)) : path === pattern;
    for (const route of routes.filter((r) => !r.spaPage)) {
      const concrete = route.path.replace(/\{[^}]+\}/g, '1');
      expect(patterns.some((p) => matches(p, concrete)), route.path).toBe(true);
    }
  });

  it('rejects a route that starts with a parameter', () => {
    expect(() => apiPathPatterns([r('/{slug}/x')])).toThrow(/parameter/);
  });
});

describe('SPA rewrite function', () => {
  const handle = (uri: string, method = 'GET') =>
    runInNewContext(`${SPA_REWRITE_FUNCTION}; handler({ request: { method: ${JSON.stringify(method)}, uri: ${JSON.stringify(uri)} } })`);
  const run = (uri: string) => handle(uri).uri as string;

  it('redirects a form posted to /sqllab/ to the API twin, keeping method and body (307)', () => {
    expect(handle('/sqllab/', 'POST')).toMatchObject({ statusCode: 307, headers: { location: { value: '/superset/sqllab/' } } });
    expect(handle('/sqllab/', 'GET').uri).toBe('/index.html');
  });

  it('sends GET /login/ to the app for a browser and to the form route for other clients; POST /login/ to the route', () => {
    const withAccept = (accept: string) =>
      runInNewContext(`${SPA_REWRITE_FUNCTION}; handler({ request: { method: 'GET', uri: '/login/', headers: { accept: { value: ${JSON.stringify(accept)} } } } })`);
    expect(withAccept('text/html,application/xhtml+xml,*/*;q=0.8').uri).toBe('/index.html');
    expect(withAccept('*/*')).toMatchObject({ statusCode: 307, headers: { location: { value: '/superset/login/' } } });
    expect(handle('/login/', 'POST')).toMatchObject({ statusCode: 307, headers: { location: { value: '/superset/login/' } } });
    expect(apiPathPatterns(routes)).toContain('/superset/login/*');
    expect(apiPathPatterns(routes)).toContain('/logout/*');
  });

  it('leaves SPA page paths out of the API behaviours', () => {
    expect(apiPathPatterns(routes)).not.toContain('/sqllab/*');
    expect(apiPathPatterns(routes)).toContain('/superset/sqllab/*');
  });

  it.each([
    ['/sqllab/', '/index.html'],
    ['/superset/dashboard/12/', '/index.html'],
    ['/explore', '/index.html'],
    ['/', '/index.html'],
    ['/assets/index-abc123.js', '/assets/index-abc123.js'],
    ['/favicon.ico', '/favicon.ico'],
  ])('%s -> %s', (uri, expected) => {
    expect(run(uri)).toBe(expected);
    expect(rewritesToIndex(uri)).toBe(expected === '/index.html');
  });
});

describe('HTTP API route keys', () => {
  it('drop the trailing slash API Gateway does not accept, merging the table routes it joins', () => {
    const merged = apiRoutes([
      { name: 'kv.get', method: 'GET', path: '/kv/{pk}/', module: 'kv' },
      { name: 'kv.getNoSlash', method: 'GET', path: '/kv/{pk}', module: 'kv' },
    ]);
    expect(merged).toEqual([{ method: 'GET', path: '/kv/{pk}', module: 'kv', public: false, names: ['kv.get', 'kv.getNoSlash'] }]);
    expect(deployedRouteKey({ method: 'GET', path: '/api/v1/me/' })).toBe('GET /api/v1/me');
  });

  it('refuse two modules or a public and a private route on one key', () => {
    expect(() =>
      apiRoutes([
        { name: 'a', method: 'GET', path: '/x/', module: 'a' },
        { name: 'b', method: 'GET', path: '/x', module: 'b' },
      ]),
    ).toThrow(/share the API Gateway route GET \/x/);
    expect(() =>
      apiRoutes([
        { name: 'a', method: 'GET', path: '/x/', module: 'a', public: true },
        { name: 'b', method: 'GET', path: '/x', module: 'a' },
      ]),
    ).toThrow(/public/);
  });
});
