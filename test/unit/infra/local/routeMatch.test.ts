import { describe, expect, it } from 'vitest';
import { matchApiRoute } from '../../../../infra/local/gateway/routeMatch';

describe('API Gateway route matching', () => {
  it('reaches the slashless deployed route from a trailing-slash path, with its route key', () => {
    const m = matchApiRoute('GET', '/api/v1/me/');
    expect(m?.routeKey).toBe('GET /api/v1/me');
    expect(m?.route.module).toBe('me');
  });

  it('serves slash twins through one route and decodes path parameters', () => {
    expect(matchApiRoute('GET', '/kv/a%20b/')).toMatchObject({ routeKey: 'GET /kv/{pk}', params: { pk: 'a b' } });
    expect(matchApiRoute('GET', '/kv/abc')).toMatchObject({ routeKey: 'GET /kv/{pk}', params: { pk: 'abc' } });
  });

  it('prefers literal segments over parameters', () => {
    expect(matchApiRoute('GET', '/api/v1/query/updated_since')?.routeKey).toBe('GET /api/v1/query/updated_since');
    expect(matchApiRoute('GET', '/api/v1/query/12')).toMatchObject({ routeKey: 'GET /api/v1/query/{pk}', params: { pk: '12' } });
  });

  it('matches nothing for an unknown path or method', () => {
    expect(matchApiRoute('GET', '/api/v1/nope/')).toBeNull();
    expect(matchApiRoute('DELETE', '/api/v1/me/')).toBeNull();
  });
});
