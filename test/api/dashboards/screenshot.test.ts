// Download as image / PDF (Superset 5's cache_dashboard_screenshot and screenshot/{key}) through the
// local gateway: the stored view renders as a PNG or a PDF, the native filter values of the data mask
// reach the charts (the filtered file differs from the unfiltered one, the same view draws the same
// bytes), and keys, formats and dashboards one cannot see are refused with Superset's errors.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { layoutOfCharts, toPositionJson } from '../../../shared/dashboard/layout/index';
import { startLocalCloud, type LocalCloud } from '../../support/localCloud';
import { client } from '../sqllabHelpers';

let cloud: LocalCloud;
let admin: string;
let gamma: string;
let board: number;
let draft: number;
const { call } = client(() => cloud);
const FILTER = 'NATIVE_FILTER-origin';
const japanOnly = { [FILTER]: { filterState: { value: ['Japan'] }, extraFormData: { filters: [{ col: 'Origin', op: 'IN', val: ['Japan'] }] } } };

const fetchFile = async (path: string, token: string) => {
  const res = await fetch(`${cloud.url}${path}`, { headers: { authorization: `Bearer ${token}` } });
  return { status: res.status, type: res.headers.get('content-type') ?? '', disposition: res.headers.get('content-disposition') ?? '', bytes: Buffer.from(await res.arrayBuffer()) };
};

const screenshotOf = async (token: string, pk: number, body: Record<string, unknown>, format: 'png' | 'pdf') => {
  const made = await call(`/api/v1/dashboard/${pk}/cache_dashboard_screenshot/`, { method: 'POST', token, json: body });
  expect(made.status, JSON.stringify(made.body)).toBe(202);
  return fetchFile(`/api/v1/dashboard/${pk}/screenshot/${made.body.cache_key}/?download_format=${format}`, token);
};

beforeAll(async () => {
  cloud = await startLocalCloud();
  admin = await cloud.login('admin', 'admin');
  gamma = await cloud.login('gamma', 'gamma');
  const dataset = (await call('/api/v1/dataset/get_or_create/', { method: 'POST', token: admin, json: { database_id: 1, table_name: 'cars', schema: 'main' } })).body.result.table_id;
  const params = JSON.stringify({ query_mode: 'aggregate', groupby: ['Origin'], metrics: ['count'], row_limit: 100 });
  const chart = (await call('/api/v1/chart/', { method: 'POST', token: admin, json: { slice_name: 'Cars by origin', viz_type: 'table', datasource_id: dataset, datasource_type: 'table', params } })).body.id;
  let n = 0;
  const position = JSON.stringify(toPositionJson(layoutOfCharts([{ id: chart, name: 'Cars by origin' }], () => `S${++n}`)));
  const filter = { id: FILTER, type: 'NATIVE_FILTER', name: 'Origin', filterType: 'filter_select', targets: [{ datasetId: dataset, column: { name: 'Origin' } }], controlValues: {}, defaultDataMask: {}, cascadeParentIds: [], scope: { rootPath: ['ROOT_ID'], excluded: [] } };
  board = (await call('/api/v1/dashboard/', { method: 'POST', token: admin, json: { dashboard_title: 'Screenshot board', position_json: position, json_metadata: JSON.stringify({ native_filter_configuration: [filter] }) } })).body.id;
  draft = (await call('/api/v1/dashboard/', { method: 'POST', token: admin, json: { dashboard_title: 'Admin draft' } })).body.id;
});
afterAll(() => cloud?.stop());

describe('dashboard download as image or PDF', () => {
  it('answers where to fetch the view, then draws it as a PNG and as a PDF', async () => {
    const made = await call(`/api/v1/dashboard/${board}/cache_dashboard_screenshot/`, { method: 'POST', token: admin, json: { dataMask: {}, activeTabs: [] } });
    expect(made.status).toBe(202);
    expect(made.body).toMatchObject({
      cache_key: expect.any(String),
      dashboard_url: expect.stringMatching(new RegExp(`/superset/dashboard/${board}/$`)),
      image_url: expect.stringMatching(new RegExp(`/api/v1/dashboard/${board}/screenshot/${made.body.cache_key}/$`)),
      task_status: 'Pending',
    });
    const png = await fetchFile(`/api/v1/dashboard/${board}/screenshot/${made.body.cache_key}/`, admin);
    expect(png.status).toBe(200);
    expect(png.type).toBe('image/png');
    expect(png.disposition).toBe('attachment; filename=Screenshot_board.png');
    expect(png.bytes.subarray(1, 4).toString('latin1')).toBe('PNG');
    const pdf = await fetchFile(`/api/v1/dashboard/${board}/screenshot/${made.body.cache_key}/?download_format=pdf`, admin);
    expect(pdf.status).toBe(200);
    expect(pdf.type).toBe('application/pdf');
    expect(pdf.bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  });

  it("draws the charts with the data mask's filter values: the same view gives the same image, a filtered one another", async () => {
    const plain = await screenshotOf(admin, board, { dataMask: {} }, 'png');
    const again = await screenshotOf(admin, board, { dataMask: {} }, 'png');
    const filtered = await screenshotOf(admin, board, { dataMask: japanOnly }, 'png');
    expect(plain.status).toBe(200);
    expect(filtered.status, filtered.bytes.toString('utf8').slice(0, 600)).toBe(200);
    expect(again.bytes.equals(plain.bytes)).toBe(true);
    expect(filtered.bytes.equals(plain.bytes)).toBe(false);
  });

  it('refuses an unknown key, a key of another dashboard, a bad format and a dashboard the user cannot see', async () => {
    expect((await fetchFile(`/api/v1/dashboard/${board}/screenshot/nope/`, admin)).status).toBe(404);
    const made = await call(`/api/v1/dashboard/${board}/cache_dashboard_screenshot/`, { method: 'POST', token: admin, json: {} });
    expect((await fetchFile(`/api/v1/dashboard/${draft}/screenshot/${made.body.cache_key}/`, admin)).status).toBe(404);
    const badFormat = await call(`/api/v1/dashboard/${board}/screenshot/${made.body.cache_key}/?download_format=gif`, { token: admin });
    expect(badFormat.status).toBe(400);
    expect(badFormat.body.errors[0].error_type).toBe('INVALID_PAYLOAD_SCHEMA_ERROR');
    // Gamma cannot read the admin's draft: neither the view nor the file exist for it.
    expect((await call(`/api/v1/dashboard/${draft}/cache_dashboard_screenshot/`, { method: 'POST', token: gamma, json: {} })).status).toBe(404);
    const adminsDraftKey = (await call(`/api/v1/dashboard/${draft}/cache_dashboard_screenshot/`, { method: 'POST', token: admin, json: {} })).body.cache_key;
    expect((await fetchFile(`/api/v1/dashboard/${draft}/screenshot/${adminsDraftKey}/`, gamma)).status).toBe(404);
  });
});
