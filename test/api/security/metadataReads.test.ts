// Every path that returns metadata or exports obeys the caller's reads: the database list and its
// URIs, schemas, table lists, table_metadata and select_star show only what a data grant names; a user
// without SQL Lab gets no SQL Lab bootstrap; exports hold only readable charts and datasets and no
// server file path; NATIVE annotation layers reach only users who may read annotation layers.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import rison from 'rison';
import { layoutOfCharts, toPositionJson } from '../../../shared/dashboard/layout/index';
import { getPlugin } from '../../../shared/viz/registry';
import type { FormData } from '../../../shared/viz/types';
import { startLocalCloud, type LocalCloud } from '../../support/localCloud';
import { exportZip } from '../assets/bundleHelpers';
import { grantDatasets, makeUser } from '../permissionHelpers';
import { client, type Json } from '../sqllabHelpers';

let cloud: LocalCloud;
let admin: string;
let reader: string;
let plain: string;
let cars: number;
let barley: number;
let dashboardId: number;
let carsChart: number;
let barleyChart: number;
const { call, q } = client(() => cloud);

const dataset = async (table: string) =>
  (await call('/api/v1/dataset/get_or_create/', { method: 'POST', token: admin, json: { database_id: 1, table_name: table, schema: 'main' } })).body.result.table_id as number;
const chart = async (name: string, datasetId: number) =>
  (await call('/api/v1/chart/', { method: 'POST', token: admin, json: { slice_name: name, viz_type: 'table', datasource_id: datasetId, datasource_type: 'table', params: '{"metrics":["count"]}' } })).body.id as number;

beforeAll(async () => {
  cloud = await startLocalCloud();
  admin = await cloud.login('admin', 'admin');
  [cars, barley] = [await dataset('cars'), await dataset('barley')];
  [carsChart, barleyChart] = [await chart('Cars', cars), await chart('Barley', barley)];
  let n = 0;
  const position = JSON.stringify(toPositionJson(layoutOfCharts([{ id: carsChart, name: 'Cars' }, { id: barleyChart, name: 'Barley' }], () => `V${++n}`)));
  const board = await call('/api/v1/dashboard/', { method: 'POST', token: admin, json: { dashboard_title: 'Mixed', published: true, position_json: position } });
  expect(board.status, JSON.stringify(board.body)).toBe(201);
  dashboardId = board.body.id;
  await grantDatasets(cloud, admin, 'cars_only', [cars]);
  reader = await makeUser(cloud, admin, 'carsreader', ['Gamma', 'cars_only']);
  plain = await makeUser(cloud, admin, 'plainuser', ['Gamma']);
});
afterAll(() => cloud?.stop());

describe('database metadata', () => {
  it('lists a database only to users a data grant names it to, and never shows them the server path of its file', async () => {
    const names = async (token: string) => (await call('/api/v1/database/', { token })).body.result.map((d: Json) => d.database_name);
    expect(await names(plain)).toEqual([]);
    expect(await names(reader)).toEqual(['examples']);
    const shown = await call('/api/v1/database/1', { token: reader });
    expect(shown.status).toBe(200);
    expect(shown.body.result.sqlalchemy_uri).toMatch(/^duckdb:\/\/\/[^/]+\.duckdb$/);
    expect(JSON.stringify(shown.body)).not.toContain(cloud.dataDir);
    expect((await call('/api/v1/database/1', { token: plain })).status).toBe(404);
  });

  it('shows the schemas and tables the user may read, and answers the others as missing', async () => {
    expect((await call(`/api/v1/database/1/schemas/`, { token: reader })).body.result).toEqual(['main']);
    const tables = await call(`/api/v1/database/1/tables/?${q({ schema_name: 'main' })}`, { token: reader });
    expect(tables.status).toBe(200);
    expect(tables.body.result.map((t: Json) => t.value)).toEqual(['cars']);
    expect(tables.body.count).toBe(1);
    const adminTables = await call(`/api/v1/database/1/tables/?${q({ schema_name: 'main' })}`, { token: admin });
    expect(adminTables.body.result.map((t: Json) => t.value)).toContain('barley');
    expect((await call('/api/v1/database/1/table_metadata/?name=cars&schema=main', { token: reader })).status).toBe(200);
    const hidden = await call('/api/v1/database/1/table_metadata/?name=barley&schema=main', { token: reader });
    expect(hidden.status).toBe(404);
    expect(hidden.body.errors[0].error_type).toBe('TABLE_DOES_NOT_EXIST_ERROR');
    expect((await call('/api/v1/database/1/table_metadata/extra/?name=barley&schema=main', { token: reader })).status).toBe(404);
    expect((await call('/api/v1/database/1/select_star/barley/main/', { token: reader })).status).toBe(404);
    expect((await call('/api/v1/database/1/select_star/cars/main/', { token: reader })).status).toBe(200);
    expect((await call(`/api/v1/database/1/tables/?${q({ schema_name: 'main' })}`, { token: plain })).status).toBe(404);
  });

  it('gives a user without SQL Lab no SQL Lab bootstrap', async () => {
    expect((await call('/api/v1/sqllab/', { token: plain })).status).toBe(403);
    expect((await call('/api/v1/sqllab/', { token: reader })).status).toBe(403);
  });

  it('refuses a dataset on a table the user may not read', async () => {
    const writer = await makeUser(cloud, admin, 'carswriter', ['Gamma', 'sql_lab', 'cars_only']);
    const made = await call('/api/v1/dataset/', { method: 'POST', token: writer, json: { database: 1, schema: 'main', table_name: 'penguins' } });
    expect(made.status).toBe(403);
    expect(made.body.errors[0].error_type).toBe('TABLE_SECURITY_ACCESS_ERROR');
    const virtual = await call('/api/v1/dataset/', { method: 'POST', token: writer, json: { database: 1, schema: 'main', table_name: 'sneaky', sql: 'SELECT * FROM barley' } });
    expect(virtual.status).toBe(403);
  });
});

describe('exports', () => {
  it('answers 404 for a dataset the user may not read', async () => {
    expect((await exportZip(cloud.url, reader, `/api/v1/dataset/export/?q=${rison.encode([barley])}`)).status).toBe(404);
    expect((await exportZip(cloud.url, reader, `/api/v1/dataset/export/?q=${rison.encode([cars])}`)).status).toBe(200);
  });

  it('exports a dashboard with only the charts and datasets the user may read, and no server path', async () => {
    const out = await exportZip(cloud.url, reader, `/api/v1/dashboard/export/?q=${rison.encode([dashboardId])}`);
    expect(out.status).toBe(200);
    const paths = Object.keys(out.files);
    expect(paths.filter((p) => p.startsWith('charts/'))).toHaveLength(1);
    expect(paths.some((p) => p.startsWith('charts/Cars'))).toBe(true);
    expect(paths.filter((p) => p.startsWith('datasets/')).map((p) => p.split('/').pop())).toEqual([expect.stringMatching(/^cars/)]);
    const db = out.files['databases/examples.yaml'] as Json;
    expect(db.sqlalchemy_uri).toMatch(/^duckdb:\/\/\/[^/]+\.duckdb$/);
    expect(JSON.stringify(out.files)).not.toContain(cloud.dataDir);
    const adminOut = await exportZip(cloud.url, admin, `/api/v1/dashboard/export/?q=${rison.encode([dashboardId])}`);
    expect(Object.keys(adminOut.files).filter((p) => p.startsWith('charts/'))).toHaveLength(2);
    expect(JSON.stringify(adminOut.files)).not.toContain(cloud.dataDir);
  });
});

describe('annotation layers in chart data', () => {
  it('answers a NATIVE layer only to users who may read annotation layers', async () => {
    const layerId = (await call('/api/v1/annotation_layer/', { method: 'POST', token: admin, json: { name: 'Recalls' } })).body.id;
    const made = await call(`/api/v1/annotation_layer/${layerId}/annotation/`, { method: 'POST', token: admin, json: { short_descr: 'Secret recall', start_dttm: '1975-01-01T00:00:00', end_dttm: '1975-02-01T00:00:00' } });
    expect(made.status).toBe(201);
    const form: FormData = {
      viz_type: 'echarts_timeseries_line',
      datasource: `${cars}__table`,
      x_axis: 'Year',
      time_grain_sqla: 'P1Y',
      metrics: ['count'],
      groupby: [],
      row_limit: 100,
      annotation_layers: [{ name: 'Recalls', annotationType: 'EVENT', sourceType: 'NATIVE', value: layerId, show: true, overrides: {} }],
    };
    const body = getPlugin(form.viz_type)!.buildQuery(form);
    const asAdmin = await call('/api/v1/chart/data', { method: 'POST', token: admin, json: body });
    expect(asAdmin.status, JSON.stringify(asAdmin.body)).toBe(200);
    expect(JSON.stringify(asAdmin.body.result[0].annotation_data)).toContain('Secret recall');
    const asReader = await call('/api/v1/chart/data', { method: 'POST', token: reader, json: body });
    expect(asReader.status, JSON.stringify(asReader.body)).toBe(200);
    expect(asReader.body.result[0].annotation_data).toEqual({});
    expect(JSON.stringify(asReader.body)).not.toContain('Secret recall');
  });
});
