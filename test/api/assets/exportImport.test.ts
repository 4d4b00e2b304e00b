// Asset export/import in Superset's bundle format through the local gateway: every kind's export
// (with its dependencies), a round trip (export, delete, import) keeping uuids, overwrite rules and
// the 400s that name the bad file and field.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLocalCloud, type LocalCloud } from '../../support/localCloud';
import { zipSync } from 'fflate';
import { bundle, exportZip, fileIn, importZip, type Files } from './bundleHelpers';

let cloud: LocalCloud;
let token: string;
const auth = () => ({ authorization: `Bearer ${token}`, 'content-type': 'application/json' });
const getJson = async <T>(path: string): Promise<T> => (await (await fetch(`${cloud.url}${path}`, { headers: auth() })).json()) as T;

beforeAll(async () => {
  cloud = await startLocalCloud({ env: { SEED_EXAMPLE_CHARTS: '1' } });
  token = await cloud.login('admin', 'admin');
});
afterAll(async () => {
  await cloud?.stop();
});

type Json = Record<string, any>;
const withoutIds = (files: Files) => Object.fromEntries(Object.entries(files).filter(([p]) => p !== 'metadata.yaml').map(([p, c]) => [p.replace(/_\d+\.yaml$/, '.yaml'), c]));

describe('asset export', () => {
  it('exports a dashboard with its charts, datasets and database, linked by uuid', async () => {
    const dashboards = await getJson<{ result: { id: number; uuid: string; dashboard_title: string }[] }>('/api/v1/dashboard/');
    const dash = dashboards.result[0];
    const { status, files, disposition } = await exportZip(cloud.url, token, `/api/v1/dashboard/export/?q=!(${dash.id})`);
    expect(status).toBe(200);
    expect(disposition).toMatch(/^attachment; filename=dashboard_export_\d{8}T\d{6}\.zip$/);
    expect(files['metadata.yaml']).toMatchObject({ version: '1.0.0', type: 'Dashboard' });
    const [[, dashFile]] = fileIn(files, 'dashboards') as [string, Json][];
    expect(dashFile).toMatchObject({ uuid: dash.uuid, dashboard_title: dash.dashboard_title, version: '1.0.0' });
    const charts = fileIn(files, 'charts').map(([, c]) => c as Json);
    const chartNodes = Object.values(dashFile.position as Json).filter((n: Json) => n?.type === 'CHART') as Json[];
    expect(chartNodes.length).toBeGreaterThan(0);
    for (const node of chartNodes) expect(charts.map((c) => c.uuid)).toContain(node.meta.uuid);
    const datasets = fileIn(files, 'datasets').map(([, d]) => d as Json);
    for (const c of charts) expect(datasets.map((d) => d.uuid)).toContain(c.dataset_uuid);
    const [[dbPath, db]] = fileIn(files, 'databases') as [string, Json][];
    expect(dbPath).toBe('databases/examples.yaml');
    for (const d of datasets) expect(d.database_uuid).toBe(db.uuid);
    expect(fileIn(files, 'datasets').every(([p]) => p.startsWith('datasets/examples/'))).toBe(true);
  });

  it('masks the password of a database URI and exports a saved query under queries/<db>/<schema>/', async () => {
    const created = await fetch(`${cloud.url}/api/v1/saved_query/`, {
      method: 'POST',
      headers: auth(),
      body: JSON.stringify({ db_id: 1, schema: 'main', label: 'Cars by origin', sql: 'SELECT 1' }),
    });
    const { id } = (await created.json()) as { id: number };
    const { files } = await exportZip(cloud.url, token, `/api/v1/saved_query/export/?q=!(${id})`);
    expect(files['metadata.yaml']).toMatchObject({ type: 'SavedQuery' });
    const query = files['queries/examples/main/Cars_by_origin.yaml'] as Json;
    expect(query).toMatchObject({ label: 'Cars by origin', sql: 'SELECT 1', schema: 'main', version: '1.0.0' });
    expect(query.uuid).toMatch(/^[0-9a-f-]{36}$/);
    expect(query.database_uuid).toBe((files['databases/examples.yaml'] as Json).uuid);
    // Stable: the same uuid on the next export.
    const again = await exportZip(cloud.url, token, `/api/v1/saved_query/export/?q=!(${id})`);
    expect((again.files['queries/examples/main/Cars_by_origin.yaml'] as Json).uuid).toBe(query.uuid);
    expect((await exportZip(cloud.url, token, '/api/v1/chart/export/?q=!(999999)')).status).toBe(404);
  });
});

describe('asset import', () => {
  it('round trip: export a dashboard, delete it and its charts, import: the same objects come back with the same uuids', async () => {
    const dashboards = await getJson<{ result: { id: number }[] }>('/api/v1/dashboard/');
    const id = dashboards.result[0].id;
    const before = await exportZip(cloud.url, token, `/api/v1/dashboard/export/?q=!(${id})`);
    const chartIds = ((await getJson<{ result: { id: number }[] }>(`/api/v1/dashboard/${id}/charts`)).result).map((c) => c.id);
    expect(chartIds.length).toBeGreaterThan(0);
    expect((await fetch(`${cloud.url}/api/v1/dashboard/${id}`, { method: 'DELETE', headers: auth() })).status).toBe(200);
    for (const c of chartIds) expect((await fetch(`${cloud.url}/api/v1/chart/${c}`, { method: 'DELETE', headers: auth() })).status).toBe(200);

    const zip = bundle(before.files);
    const imported = await importZip(cloud.url, token, '/api/v1/dashboard/import/', zip);
    expect(imported).toEqual({ status: 200, body: { message: 'OK' } });

    const [[, dashFile]] = fileIn(before.files, 'dashboards') as [string, Json][];
    const back = await getJson<{ result: { id: number; uuid: string; position_json: string } }>(`/api/v1/dashboard/${dashFile.slug ?? ''}`);
    expect(back.result.uuid).toBe(dashFile.uuid);
    expect(back.result.id).not.toBe(id);
    // The layout points at the new charts.
    const newCharts = (await getJson<{ result: { id: number }[] }>(`/api/v1/dashboard/${back.result.id}/charts`)).result.map((c) => c.id);
    const layoutIds = Object.values(JSON.parse(back.result.position_json) as Json).filter((n: Json) => n?.type === 'CHART').map((n: Json) => n.meta.chartId);
    expect(new Set(layoutIds)).toEqual(new Set(newCharts));
    for (const c of newCharts) expect(chartIds).not.toContain(c);
    // Exported again, it is the same bundle: same uuids, same fields.
    const after = await exportZip(cloud.url, token, `/api/v1/dashboard/export/?q=!(${back.result.id})`);
    const strip = (files: Files) => {
      const out = withoutIds(files);
      for (const [p, c] of Object.entries(out)) {
        if (p.startsWith('dashboards/')) {
          const d = c as Json;
          for (const n of Object.values(d.position as Json) as Json[]) if (n?.type === 'CHART') delete n.meta.chartId;
          d.metadata = { ...d.metadata, chart_configuration: undefined, global_chart_configuration: undefined, native_filter_configuration: undefined };
        }
        if (p.startsWith('charts/')) {
          const c2 = c as Json;
          delete c2.params?.datasource;
          delete c2.query_context;
        }
      }
      return out;
    };
    expect(strip(after.files)).toEqual(strip(before.files));
  });

  it('refuses an existing object without overwrite (422, naming the file), replaces it with overwrite=true', async () => {
    const dashboards = await getJson<{ result: { id: number; uuid: string }[] }>('/api/v1/dashboard/');
    const { files } = await exportZip(cloud.url, token, `/api/v1/dashboard/export/?q=!(${dashboards.result[0].id})`);
    const [[path, dashFile]] = fileIn(files, 'dashboards') as [string, Json][];
    const refused = await importZip(cloud.url, token, '/api/v1/dashboard/import/', bundle(files));
    expect(refused.status).toBe(422);
    expect(refused.body.errors?.[0].extra?.[path]).toBe('Dashboard already exists and `overwrite=true` was not passed');
    dashFile.dashboard_title = 'Renamed by import';
    const replaced = await importZip(cloud.url, token, '/api/v1/dashboard/import/', bundle(files), { overwrite: true });
    expect(replaced.status).toBe(200);
    const shown = await getJson<{ result: { dashboard_title: string; uuid: string } }>(`/api/v1/dashboard/${dashboards.result[0].id}`);
    expect(shown.result).toMatchObject({ dashboard_title: 'Renamed by import', uuid: dashFile.uuid });
    const count = (await getJson<{ count: number }>('/api/v1/dashboard/')).count;
    expect(count).toBe(dashboards.result.length);
  });

  it('round trip of a saved query and a dataset (delete, import, same uuid)', async () => {
    const created = (await (
      await fetch(`${cloud.url}/api/v1/saved_query/`, { method: 'POST', headers: auth(), body: JSON.stringify({ db_id: 1, schema: 'main', label: 'Round trip', sql: 'SELECT 2' }) })
    ).json()) as { id: number };
    const before = await exportZip(cloud.url, token, `/api/v1/saved_query/export/?q=!(${created.id})`);
    expect((await fetch(`${cloud.url}/api/v1/saved_query/${created.id}`, { method: 'DELETE', headers: auth() })).status).toBe(200);
    expect((await importZip(cloud.url, token, '/api/v1/saved_query/import/', bundle(before.files))).status).toBe(200);
    const list = await getJson<{ result: { id: number; label: string }[] }>(`/api/v1/saved_query/?q=(filters:!((col:label,opr:eq,value:'Round trip')))`);
    expect(list.result).toHaveLength(1);
    const after = await exportZip(cloud.url, token, `/api/v1/saved_query/export/?q=!(${list.result[0].id})`);
    expect(withoutIds(after.files)).toEqual(withoutIds(before.files));

    // A virtual dataset: export, delete, import.
    const ds = (await (
      await fetch(`${cloud.url}/api/v1/dataset/`, { method: 'POST', headers: auth(), body: JSON.stringify({ database: 1, schema: 'main', table_name: 'round_trip_ds', sql: 'SELECT 1 AS one' }) })
    ).json()) as { id: number; uuid: string };
    const dsBefore = await exportZip(cloud.url, token, `/api/v1/dataset/export/?q=!(${ds.id})`);
    expect(dsBefore.files['metadata.yaml']).toMatchObject({ type: 'SqlaTable' });
    expect((await fetch(`${cloud.url}/api/v1/dataset/${ds.id}`, { method: 'DELETE', headers: auth() })).status).toBe(200);
    expect((await importZip(cloud.url, token, '/api/v1/dataset/import/', bundle(dsBefore.files))).status).toBe(200);
    const found = await getJson<{ result: { id: number; uuid: string; sql: string } }>(`/api/v1/dataset/${ds.uuid}`);
    expect(found.result).toMatchObject({ uuid: ds.uuid, sql: 'SELECT 1 AS one' });
  });

  it('checks an imported virtual dataset\'s SQL as the dataset API does: a read of the database file is refused', async () => {
    const uri = (await getJson<{ result: { sqlalchemy_uri: string } }>('/api/v1/database/1')).result.sqlalchemy_uri;
    const file = uri.replace(/^duckdb:\/\/\//, '');
    const ds = (await (
      await fetch(`${cloud.url}/api/v1/dataset/`, { method: 'POST', headers: auth(), body: JSON.stringify({ database: 1, schema: 'main', table_name: 'import_probe_ds', sql: 'SELECT 1 AS one' }) })
    ).json()) as { id: number; uuid: string };
    const { files } = await exportZip(cloud.url, token, `/api/v1/dataset/export/?q=!(${ds.id})`);
    const [[path, dataset]] = fileIn(files, 'datasets') as [string, Json][];
    Object.assign(dataset, { uuid: '6f1b1a52-0d4e-4f57-9a39-1d2f6c1e7a11', table_name: 'stolen_file', sql: `SELECT size, content FROM read_blob('${file}')` });
    const res = await importZip(cloud.url, token, '/api/v1/dataset/import/', bundle(files));
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    expect((res.body.errors?.[0].extra?.[path] as { sql?: string[] } | undefined)?.sql?.[0]).toMatch(/does not allow/);
    expect((await fetch(`${cloud.url}/api/v1/dataset/6f1b1a52-0d4e-4f57-9a39-1d2f6c1e7a11`, { headers: auth() })).status).toBe(404);
  });

  it('answers 400 naming the file and field of a bad bundle, and for a body that is not a zip', async () => {
    const dashboards = await getJson<{ result: { id: number }[] }>('/api/v1/dashboard/');
    const { files } = await exportZip(cloud.url, token, `/api/v1/dashboard/export/?q=!(${dashboards.result[0].id})`);
    const [[chartPath, chart]] = fileIn(files, 'charts') as [string, Json][];
    delete chart.slice_name;
    const bad = await importZip(cloud.url, token, '/api/v1/dashboard/import/', bundle(files), { overwrite: true });
    expect(bad.status).toBe(400);
    expect(bad.body.errors?.[0].extra).toEqual({ [chartPath]: { slice_name: ['Missing data for required field.'] } });

    const wrongType = await importZip(cloud.url, token, '/api/v1/chart/import/', bundle({ ...files, 'metadata.yaml': { version: '1.0.0', type: 'Dashboard' } }));
    expect(wrongType.status).toBe(400);
    expect(wrongType.body.errors?.[0].extra).toEqual({ 'metadata.yaml': { type: ['Must be equal to Slice.'] } });

    const notZip = await importZip(cloud.url, token, '/api/v1/dashboard/import/', new TextEncoder().encode('not a zip'));
    expect(notZip.status).toBe(400);
    const noFile = await fetch(`${cloud.url}/api/v1/dashboard/import/`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: new FormData() });
    expect(noFile.status).toBe(400);
  });
});

/** A zip whose every entry claims `declared` bytes uncompressed, in its local header and the central directory. */
function declaring(zip: Uint8Array, declared: number): Uint8Array {
  const out = zip.slice();
  const view = new DataView(out.buffer);
  for (let i = 0; i + 4 <= out.length; i += 1) {
    const signature = view.getUint32(i, true);
    if (signature === 0x04034b50) view.setUint32(i + 22, declared, true);
    if (signature === 0x02014b50) view.setUint32(i + 24, declared, true);
  }
  return out;
}

describe('unsafe zips', () => {
  const refused = async (zip: Uint8Array, message: string) => {
    for (const path of ['/api/v1/dashboard/import/', '/api/v1/assets/import/']) {
      const res = await importZip(cloud.url, token, path, zip);
      expect(res.status, path).toBe(400);
      expect(res.body.message, path).toBe(message);
      expect(res.body.errors?.[0]).toMatchObject({ error_type: 'INVALID_PAYLOAD_SCHEMA_ERROR', extra: { formData: [message] } });
    }
  };
  const metadata = new TextEncoder().encode('version: 1.0.0\ntype: Dashboard\n');

  it('refuses a bundle declaring more than 100 MB uncompressed before inflating it', async () => {
    const zeros = zipSync({ 'b/metadata.yaml': metadata, 'b/dashboards/big.yaml': new Uint8Array(1 << 20) }, { level: 9 });
    await refused(declaring(zeros, 2_000_000_000), 'Found file with size above allowed threshold');
  });

  it('refuses an entry whose data inflates past the size it declares, and one compressed past the allowed ratio', async () => {
    const bomb = zipSync({ 'b/metadata.yaml': metadata, 'b/dashboards/bomb.yaml': new Uint8Array(20 << 20) }, { level: 9 });
    await refused(declaring(bomb, 10), 'The size declared for b/dashboards/bomb.yaml does not match its data');
    await refused(bomb, 'Zip compress ratio above allowed threshold');
  });

  it('refuses a bundle of more than 5000 files', async () => {
    const entries: Record<string, Uint8Array> = { 'b/metadata.yaml': metadata };
    for (let i = 0; i < 5001; i += 1) entries[`b/charts/c${i}.yaml`] = new TextEncoder().encode(`n: ${i}\n`);
    await refused(zipSync(entries, { level: 0 }), 'The bundle has more than 5000 files');
  });
});
