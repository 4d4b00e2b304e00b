// Dashboard access for Gamma (issue 15, item 2) and the feature flags configuration (item 5), on a
// cloud started with FEATURE_FLAGS={"DASHBOARD_RBAC":true}: a published dashboard is visible through
// the datasets of its charts or (with the flag) through a role it grants; a chart data request made
// from a dashboard is checked against that dashboard, which lends its role-granted viewers the data
// of its own charts and nothing else. The flags the functions read are the ones /me/roles/ sends the UI.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FEATURE_FLAG_DEFAULTS } from '../../../shared/featureFlags';
import { startLocalCloud, type LocalCloud } from '../../support/localCloud';
import { grantDatasets, makeUser } from '../permissionHelpers';
import { client, type Json } from '../sqllabHelpers';

let cloud: LocalCloud;
let admin: string;
/** Gamma holding datasource_access on cars only. */
let carsReader: string;
/** Gamma with no data grant, holding the role the RBAC dashboard grants. */
let boardViewer: string;
let cars: number;
let weather: number;
const charts: Record<'cars' | 'weather' | 'weatherElsewhere', number> = { cars: 0, weather: 0, weatherElsewhere: 0 };
const boards: Record<'carsBoard' | 'weatherBoard' | 'rbacBoard' | 'rbacDraft', number> = { carsBoard: 0, weatherBoard: 0, rbacBoard: 0, rbacDraft: 0 };
const { call } = client(() => cloud);

const created = async (path: string, json: Json) => {
  const res = await call(path, { method: 'POST', token: admin, json });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.id as number;
};

/** The chart's data as the dashboard page asks for it (form_data carries slice_id and dashboardId). */
const chartData = (token: string, datasetId: number, form: { slice_id?: number; dashboardId?: number }) =>
  call('/api/v1/chart/data', {
    method: 'POST',
    token,
    json: { datasource: { id: datasetId, type: 'table' }, queries: [{ metrics: ['count'], row_limit: 10 }], form_data: form, result_type: 'full', result_format: 'json' },
  });

beforeAll(async () => {
  cloud = await startLocalCloud({ env: { FEATURE_FLAGS: JSON.stringify({ DASHBOARD_RBAC: true }) } });
  admin = await cloud.login('admin', 'admin');
  const dataset = async (table: string) =>
    (await call('/api/v1/dataset/get_or_create/', { method: 'POST', token: admin, json: { database_id: 1, table_name: table, schema: 'main' } })).body.result.table_id as number;
  cars = await dataset('cars');
  weather = await dataset('seattle_weather');
  const chart = (name: string, datasetId: number) =>
    created('/api/v1/chart/', { slice_name: name, viz_type: 'big_number_total', datasource_id: datasetId, datasource_type: 'table', params: '{"metric":"count"}' });
  charts.cars = await chart('cars count', cars);
  charts.weather = await chart('weather count', weather);
  charts.weatherElsewhere = await chart('weather count, not on the board', weather);

  await grantDatasets(cloud, admin, 'reads_cars', [cars]);
  const boardRole = (await call('/api/v1/security/roles/', { method: 'POST', token: admin, json: { name: 'board_viewer' } })).body.id as number;
  carsReader = await makeUser(cloud, admin, 'cars_reader', ['Gamma', 'reads_cars']);
  boardViewer = await makeUser(cloud, admin, 'board_viewer', ['Gamma', 'board_viewer']);

  const board = async (title: string, chartIds: number[], extra: Json = {}) => {
    const id = await created('/api/v1/dashboard/', { dashboard_title: title, published: true, ...extra });
    for (const c of chartIds) {
      const res = await call(`/api/v1/chart/${c}`, { method: 'PUT', token: admin, json: { dashboards: [...(await dashboardsOf(c)), id] } });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    }
    return id;
  };
  boards.carsBoard = await board('Cars board', [charts.cars]);
  boards.weatherBoard = await board('Weather board', [charts.weather]);
  boards.rbacBoard = await board('Weather for the board role', [charts.weather], { roles: [boardRole] });
  boards.rbacDraft = await board('Draft for the board role', [charts.weather], { roles: [boardRole], published: false });
}, 180_000);
afterAll(() => cloud?.stop());

async function dashboardsOf(chartId: number): Promise<number[]> {
  const res = await call(`/api/v1/chart/${chartId}`, { token: admin });
  return (res.body.result.dashboards as { id: number }[]).map((d) => d.id);
}

const visible = async (token: string) => {
  const listed = await call('/api/v1/dashboard/?q=(page_size:100)', { token });
  expect(listed.status).toBe(200);
  return (listed.body.result as { id: number }[]).map((d) => d.id).filter((id) => Object.values(boards).includes(id)).sort((a, b) => a - b);
};

describe('dashboard access for Gamma', () => {
  it('sees published dashboards whose charts read a granted dataset, or that grant one of its roles (DASHBOARD_RBAC)', async () => {
    expect(await visible(carsReader)).toEqual([boards.carsBoard]);
    expect((await call(`/api/v1/dashboard/${boards.carsBoard}`, { token: carsReader })).status).toBe(200);
    expect((await call(`/api/v1/dashboard/${boards.weatherBoard}`, { token: carsReader })).status).toBe(404);
    expect((await call(`/api/v1/dashboard/${boards.rbacBoard}`, { token: carsReader })).status).toBe(404);

    expect(await visible(boardViewer)).toEqual([boards.rbacBoard]);
    expect((await call(`/api/v1/dashboard/${boards.rbacBoard}`, { token: boardViewer })).status).toBe(200);
    // A draft is its owners' only, whatever roles it names.
    expect((await call(`/api/v1/dashboard/${boards.rbacDraft}`, { token: boardViewer })).status).toBe(404);
    expect((await call(`/api/v1/dashboard/${boards.weatherBoard}`, { token: boardViewer })).status).toBe(404);
  });

  it('checks a chart data request made from a dashboard against that dashboard', async () => {
    // Data the user may read, asked for from a dashboard it may not see: refused.
    const fromHidden = await chartData(carsReader, cars, { slice_id: charts.cars, dashboardId: boards.weatherBoard });
    expect(fromHidden.status).toBe(403);
    expect(fromHidden.body.errors[0].error_type).toBe('DASHBOARD_SECURITY_ACCESS_ERROR');
    expect((await chartData(carsReader, cars, { slice_id: charts.cars, dashboardId: boards.carsBoard })).status).toBe(200);
    expect((await chartData(carsReader, cars, { slice_id: charts.cars })).status).toBe(200);
    // No dashboard lends a dataset-based viewer data it cannot read.
    const weatherData = await chartData(carsReader, weather, { slice_id: charts.weather, dashboardId: boards.carsBoard });
    expect(weatherData.status).toBe(403);
  });

  it('lends a role-granted viewer the data of the dashboard’s own charts, and nothing else', async () => {
    const onBoard = await chartData(boardViewer, weather, { slice_id: charts.weather, dashboardId: boards.rbacBoard });
    expect(onBoard.status, JSON.stringify(onBoard.body)).toBe(200);
    expect(onBoard.body.result[0].data).toHaveLength(1);
    const direct = await chartData(boardViewer, weather, { slice_id: charts.weather });
    expect([direct.status, direct.body.errors?.[0]?.error_type]).toEqual([403, 'DATASOURCE_SECURITY_ACCESS_ERROR']);
    // A chart on the same dataset that is not on the dashboard, or another dataset, borrows nothing.
    expect((await chartData(boardViewer, weather, { slice_id: charts.weatherElsewhere, dashboardId: boards.rbacBoard })).status).toBe(403);
    expect((await chartData(boardViewer, cars, { slice_id: charts.weather, dashboardId: boards.rbacBoard })).status).toBe(403);
    expect((await chartData(boardViewer, weather, { slice_id: charts.weather, dashboardId: boards.rbacDraft })).status).toBe(403);
  });
});

describe('feature flags', () => {
  it('sends the UI the configuration the functions read: the defaults with FEATURE_FLAGS over them', async () => {
    const me = await call('/api/v1/me/roles/', { token: carsReader });
    expect(me.status).toBe(200);
    expect(me.body.result.feature_flags).toEqual({ ...FEATURE_FLAG_DEFAULTS, DASHBOARD_RBAC: true });
  });
});
