// Who sees a dashboard (spec section 6, Superset's DashboardAccessFilter and raise_for_dashboard_access)
// through the local gateway, with the DASHBOARD_RBAC flag on: a published dashboard naming roles is
// seen by members of those roles only (reading its datasets no longer opens it, even for Alpha), and
// lends them its charts' data; a draft stays its owners'; a dashboard without roles follows dataset
// access: Gamma sees it once a role grants the dataset, and the list shows exactly what GET shows.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../../functions/platform/users';
import { layoutOfCharts, toPositionJson } from '../../../shared/dashboard/layout/index';
import { startLocalCloud, type LocalCloud } from '../../support/localCloud';
import { client, type Json } from '../sqllabHelpers';
import { grantDatasets, makeUser } from '../permissionHelpers';

let cloud: LocalCloud;
let admin: string;
let gamma: string;
let reader: string;
/** A Gamma user with no data access of its own (the built-in gamma user reads the example database). */
let plain: string;
let alpha: string;
let chart: number;
let datasetId: number;
let position: string;
let roleIds: Record<string, number>;
const { call, q } = client(() => cloud);
const BASE = '/api/v1/dashboard/';

const create = async (body: Json) => {
  const res = await call(BASE, { method: 'POST', token: admin, json: { position_json: position, ...body } });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.id as number;
};
const sees = async (token: string, id: number) => (await call(`${BASE}${id}`, { token })).status;
const listed = async (token: string, ids: number[]) => {
  const res = await call(`${BASE}?${q({ page_size: 100 })}`, { token });
  return ids.filter((id) => (res.body.ids as number[]).includes(id));
};
const chartData = (token: string, dashboardId?: number) => {
  const formData = JSON.stringify({ slice_id: chart, ...(dashboardId ? { dashboardId } : {}) });
  const json = { datasource: { id: datasetId, type: 'table' }, queries: [{ metrics: ['count'], columns: [], row_limit: 10 }], result_format: 'json', result_type: 'full' };
  return call(`/api/v1/chart/data?${new URLSearchParams({ form_data: formData })}`, { method: 'POST', token, json });
};

beforeAll(async () => {
  cloud = await startLocalCloud({ env: { FEATURE_FLAGS: '{"DASHBOARD_RBAC":true}' } });
  admin = await cloud.login('admin', 'admin');
  gamma = await cloud.login('gamma', 'gamma');
  const ports = cloud.stack.ports;
  const ds = await call('/api/v1/dataset/get_or_create/', { method: 'POST', token: admin, json: { database_id: 1, table_name: 'cars', schema: 'main' } });
  datasetId = ds.body.result.table_id as number;
  await grantDatasets(cloud, admin, 'cars_readers', [datasetId]);
  reader = await makeUser(cloud, admin, 'reader', ['Gamma', 'cars_readers']);
  await createUser(ports, { username: 'plain', password: 'plain-pass', roles: ['Gamma'] });
  plain = await cloud.login('plain', 'plain-pass');
  await createUser(ports, { username: 'alpha', password: 'alpha-pass', roles: ['Alpha'] });
  alpha = await cloud.login('alpha', 'alpha-pass');
  const roles = await call(`/api/v1/security/roles/?${q({ page_size: 100 })}`, { token: admin });
  roleIds = Object.fromEntries((roles.body.result as { id: number; name: string }[]).map((r) => [r.name, r.id]));
  chart = (await call('/api/v1/chart/', { method: 'POST', token: admin, json: { slice_name: 'Cars', viz_type: 'table', datasource_id: datasetId, datasource_type: 'table', params: '{"metrics":["count"]}' } })).body.id;
  let n = 0;
  position = JSON.stringify(toPositionJson(layoutOfCharts([{ id: chart, name: 'Cars' }], () => `V${++n}`)));
});
afterAll(() => cloud?.stop());

describe('dashboard visibility with DASHBOARD_RBAC', () => {
  it("a published dashboard naming a role is seen by that role's members only, in GET and in the list", async () => {
    const forGamma = await create({ dashboard_title: 'For Gamma', published: true, roles: [roleIds.Gamma] });
    expect((await call(`${BASE}${forGamma}`, { token: admin })).body.result.roles).toEqual([{ id: roleIds.Gamma, name: 'Gamma' }]);
    expect(await sees(gamma, forGamma)).toBe(200);
    expect(await listed(gamma, [forGamma])).toEqual([forGamma]);
    // Through the role alone: this Gamma user reads no dataset.
    expect(await sees(plain, forGamma)).toBe(200);
    expect(await listed(plain, [forGamma])).toEqual([forGamma]);
    // Alpha reads every dataset, but the dashboard names roles it does not hold.
    expect(await sees(alpha, forGamma)).toBe(404);
    expect(await listed(alpha, [forGamma])).toEqual([]);
    const draft = await create({ dashboard_title: 'Gamma draft', published: false, roles: [roleIds.Gamma] });
    expect(await sees(gamma, draft)).toBe(404);
    expect(await listed(gamma, [draft])).toEqual([]);
    expect(await sees(admin, draft)).toBe(200);
  });

  it("the role lends its members the data of the dashboard's own charts, asked from that dashboard", async () => {
    const forGamma = await create({ dashboard_title: 'Gamma data', published: true, roles: [roleIds.Gamma] });
    const other = await create({ dashboard_title: 'Alpha data', published: true, roles: [roleIds.Alpha] });
    expect((await chartData(plain, forGamma)).status).toBe(200);
    // Without the dashboard, or from a dashboard Gamma cannot see, the dataset is refused.
    expect((await chartData(plain)).status).toBe(403);
    const refused = await chartData(plain, other);
    expect(refused.status).toBe(403);
    expect(refused.body.errors[0].error_type).toBe('DASHBOARD_SECURITY_ACCESS_ERROR');
  });

  it('without roles, a published dashboard follows dataset access: Gamma sees it once a role grants the dataset', async () => {
    const open = await create({ dashboard_title: 'By dataset', published: true });
    expect(await sees(plain, open)).toBe(404);
    expect(await listed(plain, [open])).toEqual([]);
    expect(await sees(reader, open)).toBe(200);
    expect(await listed(reader, [open])).toEqual([open]);
    expect(await sees(alpha, open)).toBe(200);
    // A draft is its owners' (and admins') only, whatever data access the others have.
    const draft = await create({ dashboard_title: 'Draft by dataset', published: false });
    expect(await sees(reader, draft)).toBe(404);
    expect(await sees(alpha, draft)).toBe(404);
    // Seeing is not editing: the reader has no ownership.
    const edit = await call(`${BASE}${open}`, { method: 'PUT', token: reader, json: { dashboard_title: 'mine' } });
    expect([403, 404]).toContain(edit.status);
  });

  it("a Gamma user's own draft is visible to them, not to another Gamma user", async () => {
    const own = await call(BASE, { method: 'POST', token: gamma, json: { dashboard_title: 'My draft' } });
    expect(own.status).toBe(201);
    expect(await sees(gamma, own.body.id)).toBe(200);
    expect(await listed(gamma, [own.body.id])).toEqual([own.body.id]);
    expect(await sees(reader, own.body.id)).toBe(404);
  });
});
