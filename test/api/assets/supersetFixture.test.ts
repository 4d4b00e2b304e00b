// Bundles exported by a real Superset (6.0, /work/shared/fixtures/superset-export) import here: the
// assets export with its database, datasets, charts, dashboard and saved query, keeping every uuid,
// and the dashboard export through the dashboard import (reusing the local examples database).
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLocalCloud, type LocalCloud } from '../../support/localCloud';
import { exportZip, fileIn, importZip, unbundle } from './bundleHelpers';

const FIXTURES = new URL('../../../../shared/fixtures/superset-export/', import.meta.url);
const fixture = (name: string) => new Uint8Array(readFileSync(new URL(name, FIXTURES)));

let cloud: LocalCloud;
let token: string;
const auth = () => ({ authorization: `Bearer ${token}`, 'content-type': 'application/json' });
const getJson = async <T>(path: string): Promise<T> => (await (await fetch(`${cloud.url}${path}`, { headers: auth() })).json()) as T;
type Json = Record<string, any>;

beforeAll(async () => {
  cloud = await startLocalCloud();
  token = await cloud.login('admin', 'admin');
});
afterAll(async () => {
  await cloud?.stop();
});

describe("Superset's own export bundles", () => {
  it('imports the dashboard export through the dashboard import, reusing the examples database and its datasets', async () => {
    const source = unbundle(fixture('dashboard-export.zip'));
    const res = await importZip(cloud.url, token, '/api/v1/dashboard/import/', fixture('dashboard-export.zip'));
    expect(res).toEqual({ status: 200, body: { message: 'OK' } });
    const [[, dash]] = fileIn(source, 'dashboards') as [string, Json][];
    const shown = await getJson<{ result: { id: number; uuid: string; dashboard_title: string; json_metadata: string; position_json: string } }>(`/api/v1/dashboard/${dash.slug}`);
    expect(shown.result).toMatchObject({ uuid: dash.uuid, dashboard_title: 'Cars and weather' });
    const charts = (await getJson<{ result: { id: number; slice_name: string; form_data: Json }[] }>(`/api/v1/dashboard/${shown.result.id}/charts`)).result;
    expect(charts.map((c) => c.slice_name).sort()).toEqual(fileIn(source, 'charts').map(([, c]) => (c as Json).slice_name).sort());
    // The examples database was here already (same name): the charts read its datasets.
    const cars = (await getJson<{ result: { id: number }[] }>(`/api/v1/dataset/?q=(filters:!((col:table_name,opr:eq,value:cars)))`)).result;
    expect(cars).toHaveLength(1);
    const pie = charts.find((c) => c.slice_name === 'Cars by origin')!;
    expect(pie.form_data.datasource).toBe(`${cars[0].id}__table`);
    // Native filter targets point at the local dataset id; chart scopes at the local chart ids.
    const metadata = JSON.parse(shown.result.json_metadata) as Json;
    const origin = metadata.native_filter_configuration.find((f: Json) => f.name === 'Origin');
    expect(origin.targets[0]).toEqual({ column: { name: 'Origin' }, datasetId: cars[0].id });
    const ids = new Set(charts.map((c) => c.id));
    for (const id of origin.chartsInScope) expect(ids.has(id)).toBe(true);
    const layout = Object.values(JSON.parse(shown.result.position_json) as Json).filter((n: Json) => n?.type === 'CHART') as Json[];
    expect(new Set(layout.map((n) => n.meta.chartId))).toEqual(ids);
    // The chart answers data through the local engine.
    const data = await fetch(`${cloud.url}/api/v1/chart/${pie.id}/data/`, { headers: auth() });
    expect(data.status).toBe(200);
  });

  it('imports the assets export: database, datasets, charts, dashboard and saved query with their uuids', async () => {
    // The bundle's database is named "examples" like the local one: rename the local one so the
    // import creates the bundle's own (Superset matches databases by name too).
    const renamed = await fetch(`${cloud.url}/api/v1/database/1`, { method: 'PUT', headers: auth(), body: JSON.stringify({ database_name: 'local examples' }) });
    expect(renamed.status).toBe(200);
    const source = unbundle(fixture('assets-export.zip'));
    const res = await importZip(cloud.url, token, '/api/v1/assets/import/', fixture('assets-export.zip'));
    expect(res).toEqual({ status: 200, body: { message: 'OK' } });

    const out = await exportZip(cloud.url, token, '/api/v1/assets/export/');
    expect(out.files['metadata.yaml']).toMatchObject({ version: '1.0.0', type: 'assets' });
    const uuids = (files: Json, folder: string) => new Set(fileIn(files, folder).map(([, f]) => (f as Json).uuid));
    for (const folder of ['databases', 'datasets', 'charts', 'dashboards', 'queries']) {
      const exported = uuids(out.files, folder);
      for (const uuid of uuids(source, folder)) expect(exported.has(uuid), `${folder} ${uuid}`).toBe(true);
    }
    const db = out.files['databases/examples.yaml'] as Json;
    expect(db).toMatchObject({ uuid: '53c0f929-d7e5-490e-b723-990004bd5020', sqlalchemy_uri: 'duckdb:///examples.duckdb' });
    const weather = fileIn(out.files, 'datasets/examples').map(([, d]) => d as Json).find((d) => d.table_name === 'seattle_weather')!;
    expect(weather).toMatchObject({ uuid: '1e099155-df96-4f66-8fc3-4ca2a3014dfc', database_uuid: db.uuid, main_dttm_col: 'date' });
    expect(weather.columns.map((c: Json) => c.column_name)).toEqual(['weather', 'date', 'temp_max', 'temp_min', 'precipitation', 'wind']);
    const query = out.files['queries/examples/main/Cars_per_origin.yaml'] as Json;
    expect(query).toMatchObject({ uuid: 'dbdbfd81-5242-4108-ac17-18a57a090856', database_uuid: db.uuid, sql: 'SELECT "Origin", COUNT(*) FROM cars GROUP BY 1' });
    const dash = fileIn(out.files, 'dashboards').map(([, d]) => d as Json).find((d) => d.uuid === '4d61ba42-2c8d-44af-a4e2-e73a838de8fd')!;
    expect(dash.metadata.native_filter_configuration[0].targets[0].datasetUuid).toBe('3eddad87-b2f2-4ef4-a164-71adea2d9801');
    const chartUuids = Object.values(dash.position as Json).filter((n: Json) => n?.type === 'CHART').map((n: Json) => n.meta.uuid).sort();
    expect(chartUuids).toEqual([...uuids(source, 'charts')].sort());

    // Imported again (the assets import overwrites): nothing is duplicated.
    const counts = async () => [
      (await getJson<{ count: number }>('/api/v1/chart/')).count,
      (await getJson<{ count: number }>('/api/v1/dashboard/')).count,
      (await getJson<{ count: number }>('/api/v1/dataset/')).count,
      (await getJson<{ count: number }>('/api/v1/database/')).count,
    ];
    const before = await counts();
    expect((await importZip(cloud.url, token, '/api/v1/assets/import/', fixture('assets-export.zip'))).status).toBe(200);
    expect(await counts()).toEqual(before);
  });
});
