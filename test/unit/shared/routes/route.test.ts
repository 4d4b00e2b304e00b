import { describe, expect, it } from 'vitest';
import { matchPath, fillPath } from '../../../../shared/routes/route';
import { findRoute, routes, routeKey } from '../../../../shared/routes/index';

describe('matchPath', () => {
  it('matches literal and parameter segments, keeping trailing slashes significant', () => {
    expect(matchPath('/api/v1/database/{pk}/schemas/', '/api/v1/database/3/schemas/')).toEqual({ pk: '3' });
    expect(matchPath('/api/v1/database/{pk}/schemas/', '/api/v1/database/3/schemas')).toBeNull();
    expect(matchPath('/kv/{pk}/', '/kv//')).toBeNull();
  });

  it('decodes parameters and supports greedy parameters', () => {
    expect(matchPath('/a/{name}', '/a/x%20y')).toEqual({ name: 'x y' });
    expect(matchPath('/files/{proxy+}', '/files/a/b')).toEqual({ proxy: 'a/b' });
  });

  it('matches nothing where a parameter is not valid percent-encoding', () => {
    expect(matchPath('/api/v1/chart/{pk}', '/api/v1/chart/%FF')).toBeNull();
    expect(matchPath('/a/{name}/b', '/a/%E0%A4%A/b')).toBeNull();
    expect(matchPath('/files/{proxy+}', '/files/a/%ZZ')).toBeNull();
    expect(findRoute('GET', '/api/v1/chart/%FF')).toBeNull();
  });

  it('fills templates back', () => {
    expect(fillPath('/api/v1/query/{pk}', { pk: 7 })).toBe('/api/v1/query/7');
  });
});

describe('route table', () => {
  it('has unique names and unique method+path keys', () => {
    expect(new Set(routes.map((r) => r.name)).size).toBe(routes.length);
    expect(new Set(routes.map(routeKey)).size).toBe(routes.length);
  });

  it('finds routes by method and concrete path', () => {
    expect(findRoute('GET', '/health')?.route.name).toBe('health.get');
    expect(findRoute('POST', '/health')).toBeNull();
    expect(findRoute('GET', '/kv/abc/')?.params).toEqual({ pk: 'abc' });
  });

  it('marks only health, login (API and form), logout, refresh, the beacon-posted event log and the SQL Lab form post as public', () => {
    const publicNames = routes.filter((r) => r.public).map((r) => r.name).sort();
    expect(publicNames).toEqual([
      'eventLog.post', 'health.get', 'security.login', 'security.refresh',
      'session.login', 'session.loginPage', 'session.loginPageTwin', 'session.loginTwin', 'session.logout',
      'sqllab.postForm', 'sqllab.postFormLegacy',
    ]);
  });

  it('gives every route on an SPA page path a /superset twin for CloudFront to redirect to', () => {
    for (const route of routes.filter((r) => r.spaPage)) {
      expect(findRoute(route.method, `/superset${route.path}`)?.route.module).toBe(route.module);
    }
  });
});
