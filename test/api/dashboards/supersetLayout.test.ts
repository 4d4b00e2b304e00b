// Layouts exactly as Superset writes them save through PUT /api/v1/dashboard/{id}: its HEADER_ID
// component has no children list and DASHBOARD_VERSION_KEY sits beside the components, in its UI saves
// and in its export files. Before, such a PUT answered 400 "children must be a list of ids". After the
// save, slug lookups, /charts, /datasets and the saved native filter configuration still work.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLocalCloud, type LocalCloud } from '../../support/localCloud';
import { importZip } from '../assets/bundleHelpers';
import { client, type Json } from '../sqllabHelpers';

const FIXTURES = new URL('../../../../shared/fixtures/superset-export/', import.meta.url);

let cloud: LocalCloud;
let admin: string;
const { call } = client(() => cloud);

beforeAll(async () => {
  cloud = await startLocalCloud();
  admin = await cloud.login('admin', 'admin');
});
afterAll(async () => {
  await cloud?.stop();
});

const put = (id: number, json: Json) => call(`/api/v1/dashboard/${id}`, { method: 'PUT', token: admin, json });
const get = async (path: string) => {
  const res = await call(path, { token: admin });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.result;
};

/** A layout in the shape Superset's dashboard editor saves (header without children, version key). */
function supersetUiLayout(title: string, chartIds: number[]): Json {
  const charts = Object.fromEntries(
    chartIds.map((chartId, i) => [
      `CHART-${i}`,
      { type: 'CHART', id: `CHART-${i}`, children: [], parents: ['ROOT_ID', 'TABS-1', 'TAB-1', 'ROW-1'], meta: { width: 4, height: 50, chartId, sliceName: `chart ${chartId}` } },
    ]),
  );
  return {
    DASHBOARD_VERSION_KEY: 'v2',
    ROOT_ID: { type: 'ROOT', id: 'ROOT_ID', children: ['TABS-1'] },
    HEADER_ID: { id: 'HEADER_ID', type: 'HEADER', meta: { text: title } },
    GRID_ID: { type: 'GRID', id: 'GRID_ID', children: [], parents: ['ROOT_ID'] },
    'TABS-1': { type: 'TABS', id: 'TABS-1', children: ['TAB-1'], parents: ['ROOT_ID'], meta: {} },
    'TAB-1': { type: 'TAB', id: 'TAB-1', children: ['ROW-1'], parents: ['ROOT_ID', 'TABS-1'], meta: { text: 'Overview', defaultText: 'Tab title', placeholder: 'Tab title' } },
    'ROW-1': { type: 'ROW', id: 'ROW-1', children: Object.keys(charts), parents: ['ROOT_ID', 'TABS-1', 'TAB-1'], meta: { background: 'BACKGROUND_TRANSPARENT' } },
    ...charts,
  };
}

describe('layouts Superset writes', () => {
  it("saves the layout of Superset's own dashboard export back unchanged, and the dashboard still reads whole", async () => {
    const res = await importZip(cloud.url, admin, '/api/v1/dashboard/import/', new Uint8Array(readFileSync(new URL('dashboard-export.zip', FIXTURES))));
    expect(res.status).toBe(200);
    const board = (await call('/api/v1/dashboard/?q=(filters:!((col:dashboard_title,opr:eq,value:%27Cars%20and%20weather%27)))', { token: admin })).body.result[0];
    const shown = await get(`/api/v1/dashboard/${board.id}`);
    const layout = JSON.parse(shown.position_json);
    expect(layout.HEADER_ID.children).toBeUndefined();
    const saved = await put(board.id, { position_json: shown.position_json, json_metadata: shown.json_metadata });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const again = await get(`/api/v1/dashboard/${shown.slug ?? board.id}`);
    expect(JSON.parse(again.position_json)).toEqual(layout);
    expect((await get(`/api/v1/dashboard/${board.id}/charts`)).length).toBe(5);
    expect((await get(`/api/v1/dashboard/${board.id}/datasets`)).map((d: Json) => d.table_name).sort()).toEqual(['cars', 'seattle_weather']);
  });

  it("saves a layout in the shape Superset's editor sends, with a slug and a native filter", async () => {
    const dataset = (await call('/api/v1/dataset/get_or_create/', { method: 'POST', token: admin, json: { database_id: 1, table_name: 'cars', schema: 'main' } })).body.result.table_id as number;
    const chart = (await call('/api/v1/chart/', {
      method: 'POST',
      token: admin,
      json: { slice_name: 'cars count', viz_type: 'big_number_total', datasource_id: dataset, datasource_type: 'table', params: '{"metric":"count"}' },
    })).body.id as number;
    const id = (await call('/api/v1/dashboard/', { method: 'POST', token: admin, json: { dashboard_title: 'Superset shaped', slug: 'superset-shaped' } })).body.id as number;
    const filter = {
      id: 'NATIVE_FILTER-origin',
      name: 'Origin',
      filterType: 'filter_select',
      targets: [{ datasetId: dataset, column: { name: 'Origin' } }],
      defaultDataMask: { filterState: { value: ['USA'] }, extraFormData: { filters: [{ col: 'Origin', op: 'IN', val: ['USA'] }] } },
      controlValues: { multiSelect: true, enableEmptyFilter: false },
      cascadeParentIds: [],
      scope: { rootPath: ['ROOT_ID'], excluded: [] },
      type: 'NATIVE_FILTER',
      description: '',
      chartsInScope: [chart],
      tabsInScope: ['TAB-1'],
    };
    const position = supersetUiLayout('Superset shaped', [chart]);
    const saved = await put(id, {
      dashboard_title: 'Superset shaped',
      slug: 'superset-shaped',
      position_json: JSON.stringify(position),
      json_metadata: JSON.stringify({ native_filter_configuration: [filter], positions: position, color_scheme: '', refresh_frequency: 0, cross_filters_enabled: true }),
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const bySlug = await get('/api/v1/dashboard/superset-shaped');
    expect(bySlug.id).toBe(id);
    expect(JSON.parse(bySlug.position_json).HEADER_ID).toEqual(position.HEADER_ID);
    expect(JSON.parse(bySlug.json_metadata).native_filter_configuration[0]).toMatchObject({ id: 'NATIVE_FILTER-origin', chartsInScope: [chart] });
    expect((await get('/api/v1/dashboard/superset-shaped/charts')).map((c: Json) => c.id)).toEqual([chart]);
    expect((await get('/api/v1/dashboard/superset-shaped/datasets')).map((d: Json) => d.id)).toEqual([dataset]);
  });

  it('still refuses a children value that is not a list of ids', async () => {
    const id = (await call('/api/v1/dashboard/', { method: 'POST', token: admin, json: { dashboard_title: 'Bad layout' } })).body.id as number;
    const position = supersetUiLayout('Bad layout', []);
    (position['ROW-1'] as Json).children = 'CHART-0';
    const res = await put(id, { position_json: JSON.stringify(position) });
    expect(res.status).toBe(400);
    expect(res.body.message).toContain('children must be a list of ids');
  });
});
