// The permission matrix: every route of the route table, called through the local gateway by six
// callers (Admin, Alpha, Gamma with one dataset granted, Gamma with none, sql_lab only, no token).
// Generated from the route table: a route without a permission decision fails here, and each call is
// expected to be refused (401 without a token, 403 without the declared permission) or to pass the
// gate (any answer but 401/403, never a 5xx). Hand-written rows below pin what the roles mean, so a
// permissive model cannot pass by agreeing with itself.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routes, fillPath, type RouteDef } from '../../shared/routes/index';
import { passes } from '../../shared/security/permissions';
import { startLocalCloud, type LocalCloud } from '../support/localCloud';
import { client } from './sqllabHelpers';
import { grantDatasets, makeUser } from './permissionHelpers';

type Persona = 'admin' | 'alpha' | 'gammaOne' | 'gammaNone' | 'sqlLab' | 'anonymous';
const ROLES: Record<Exclude<Persona, 'anonymous'>, string[]> = {
  admin: ['Admin'],
  alpha: ['Alpha'],
  gammaOne: ['Gamma', 'matrix_one_dataset'],
  gammaNone: ['Gamma'],
  sqlLab: ['sql_lab'],
};
const PERSONAS = [...Object.keys(ROLES), 'anonymous'] as Persona[];

let cloud: LocalCloud;
const tokens: Partial<Record<Persona, string>> = {};
let grantedDataset = 0;
let hiddenDataset = 0;
const { call } = client(() => cloud);

beforeAll(async () => {
  cloud = await startLocalCloud();
  const admin = await cloud.login('admin', 'admin');
  const make = async (table: string) => {
    const res = await call('/api/v1/dataset/get_or_create/', { method: 'POST', token: admin, json: { database_id: 1, table_name: table, schema: 'main' } });
    expect(res.status).toBe(200);
    return res.body!.result.table_id as number;
  };
  grantedDataset = await make('cars');
  hiddenDataset = await make('seattle_weather');
  await grantDatasets(cloud, admin, 'matrix_one_dataset', [grantedDataset]);
  for (const [persona, roles] of Object.entries(ROLES)) {
    tokens[persona as Persona] = persona === 'admin' ? admin : await makeUser(cloud, admin, `matrix_${persona}`, roles);
  }
}, 120_000);
afterAll(() => cloud?.stop());

/** A concrete path for a route: numeric ids that exist nowhere, words for the other parameters. */
const pathOf = (route: RouteDef) =>
  fillPath(route.path, new Proxy({}, { get: (_, key) => (['pk', 'id'].includes(String(key)) ? 987654 : 'matrix') }) as Record<string, string>);

async function send(route: RouteDef, persona: Persona) {
  const hasBody = route.method === 'POST' || route.method === 'PUT' || route.method === 'PATCH';
  return call(pathOf(route), { method: route.method, token: tokens[persona], json: hasBody ? {} : undefined });
}

const expectedGate = (route: RouteDef, persona: Persona): 'pass' | 401 | 403 => {
  if (route.public) return 'pass';
  if (persona === 'anonymous') return 401;
  return passes({ roles: ROLES[persona] }, route.permission!) ? 'pass' : 403;
};

async function inParallel<T>(items: T[], limit: number, work: (item: T) => Promise<void>) {
  let next = 0;
  await Promise.all(Array.from({ length: limit }, async () => {
    while (next < items.length) await work(items[next++]);
  }));
}

describe('permission matrix', () => {
  it('every non-public route declares its permission', () => {
    const undecided = routes.filter((r) => !r.public && !r.permission).map((r) => r.name);
    expect(
      undecided,
      `These routes have no permission decision. Add \`permission: ['can_read' | 'can_write' | ..., '<View>']\`, ` +
        `'authenticated' (any signed-in user; the handler checks per object) or 'admin' to their RouteDef in shared/routes/, ` +
        `and give the roles in shared/security/roles.ts the pair if a built-in role should hold it.`,
    ).toEqual([]);
  });

  it('refuses or passes every route for every caller as the declarations say, never with a 5xx', async () => {
    const cells = routes.flatMap((route) => PERSONAS.map((persona) => ({ route, persona })));
    const wrong: string[] = [];
    await inParallel(cells, 12, async ({ route, persona }) => {
      const res = await send(route, persona);
      const expected = expectedGate(route, persona);
      // Public routes may still refuse bad credentials (login, refresh answer 401 for a wrong one).
      const refusedByGate = res.status === 403 || (res.status === 401 && !route.public);
      const ok = expected === 'pass' ? !refusedByGate && res.status < 500 : res.status === expected;
      if (!ok) wrong.push(`${route.name} (${route.method} ${route.path}) as ${persona}: expected ${expected}, got ${res.status} ${JSON.stringify(res.body)?.slice(0, 160)}`);
    });
    expect(wrong.sort()).toEqual([]);
  }, 180_000);

  it('pins what the built-in roles mean', () => {
    const row = (name: string) => {
      const route = routes.find((r) => r.name === name)!;
      return PERSONAS.map((p) => expectedGate(route, p));
    };
    //                                  admin   alpha   gammaOne gammaNone sqlLab anonymous
    expect(row('chart.create')).toEqual(['pass', 'pass', 'pass', 'pass', 403, 401]);
    expect(row('chart.list')).toEqual(['pass', 'pass', 'pass', 'pass', 403, 401]);
    expect(row('dashboard.update')).toEqual(['pass', 'pass', 'pass', 'pass', 403, 401]);
    expect(row('sqllab.execute')).toEqual(['pass', 403, 403, 403, 'pass', 401]);
    expect(row('database.create')).toEqual(['pass', 403, 403, 403, 403, 401]);
    expect(row('database.testConnection')).toEqual(['pass', 403, 403, 403, 403, 401]);
    expect(row('dataset.update')).toEqual(['pass', 'pass', 403, 403, 'pass', 401]);
    expect(row('savedQuery.create')).toEqual(['pass', 403, 403, 403, 'pass', 401]);
    expect(row('report.outbox')).toEqual(['pass', 403, 403, 403, 403, 401]);
    expect(row('securityUser.create')).toEqual(['pass', 403, 403, 403, 403, 401]);
    expect(row('securityRole.setPermissions')).toEqual(['pass', 403, 403, 403, 403, 401]);
    expect(row('health.get')).toEqual(['pass', 'pass', 'pass', 'pass', 'pass', 'pass']);
  });

  it('shows a granted dataset and its data to Gamma, and hides the others', async () => {
    const query = (id: number) => ({
      datasource: { id, type: 'table' },
      queries: [{ columns: [], metrics: ['count'], row_limit: 1 }],
      result_format: 'json',
      result_type: 'full',
    });
    const granted = await call(`/api/v1/dataset/${grantedDataset}`, { token: tokens.gammaOne });
    expect(granted.status).toBe(200);
    expect((await call(`/api/v1/dataset/${grantedDataset}`, { token: tokens.gammaNone })).status).toBe(404);
    expect((await call(`/api/v1/dataset/${hiddenDataset}`, { token: tokens.gammaOne })).status).toBe(404);
    const data = await call('/api/v1/chart/data', { method: 'POST', token: tokens.gammaOne, json: query(grantedDataset) });
    expect(data.status, JSON.stringify(data.body)).toBe(200);
    const refused = await call('/api/v1/chart/data', { method: 'POST', token: tokens.gammaOne, json: query(hiddenDataset) });
    expect(refused.status).toBe(403);
    expect(refused.body!.errors[0].error_type).toBe('DATASOURCE_SECURITY_ACCESS_ERROR');
    const list = await call('/api/v1/dataset/', { token: tokens.gammaOne });
    expect(list.body!.result.map((d: { id: number }) => d.id)).toEqual([grantedDataset]);
  });
});
