// Explore state through the local gateway: permalinks, unsaved form data per user and tab, and the
// state GET /api/v1/explore/ answers from a permalink, a form data key, a chart or a dataset.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../../functions/platform/users';
import { startLocalCloud, type LocalCloud } from '../../support/localCloud';
import { client } from '../sqllabHelpers';

let cloud: LocalCloud;
let admin: string;
let gamma: string;
let plain: string;
let datasetId: number;
let chartId: number;
const { call } = client(() => cloud);

beforeAll(async () => {
  cloud = await startLocalCloud();
  admin = await cloud.login('admin', 'admin');
  gamma = await cloud.login('gamma', 'gamma');
  await createUser(cloud.stack.ports, { username: 'plain', password: 'plain-pass', roles: ['Gamma'] });
  plain = await cloud.login('plain', 'plain-pass');
  const ds = await call('/api/v1/dataset/get_or_create/', { method: 'POST', token: admin, json: { database_id: 1, table_name: 'cars', schema: 'main' } });
  datasetId = ds.body.result.table_id;
  const chart = await call('/api/v1/chart/', {
    method: 'POST',
    token: gamma,
    json: { slice_name: 'Cars', viz_type: 'pie', datasource_id: datasetId, datasource_type: 'table', params: JSON.stringify({ metric: 'count', groupby: ['Origin'] }) },
  });
  chartId = chart.body.id;
});
afterAll(() => cloud?.stop());

describe('/api/v1/explore/permalink', () => {
  it('stores form data and URL params under a key and reads them back', async () => {
    const formData = { datasource: `${datasetId}__table`, viz_type: 'table', metrics: ['count'], slice_id: chartId };
    const res = await call('/api/v1/explore/permalink', { method: 'POST', token: gamma, json: { formData, urlParams: [['standalone', '1']] } });
    expect(res.status).toBe(201);
    expect(res.body.url).toMatch(new RegExp(`/superset/explore/p/${res.body.key}/$`));
    const got = await call(`/api/v1/explore/permalink/${res.body.key}`, { token: gamma });
    expect(got.status).toBe(200);
    expect(got.body.state).toMatchObject({ formData, urlParams: [['standalone', '1']], chartId, datasourceId: datasetId, datasourceType: 'table' });
    // Its chart is hidden from a user who may not read the dataset: 404 as if it did not exist.
    expect((await call(`/api/v1/explore/permalink/${res.body.key}`, { token: plain })).status).toBe(404);
    expect((await call('/api/v1/explore/permalink/nope', { token: gamma })).status).toBe(404);
    const state = await call(`/api/v1/explore/?permalink_key=${res.body.key}`, { token: gamma });
    expect(state.body.result.form_data).toMatchObject({ metrics: ['count'], viz_type: 'table', url_params: { standalone: '1' } });
  });

  it('refuses form data without a datasource', async () => {
    const res = await call('/api/v1/explore/permalink', { method: 'POST', token: gamma, json: { formData: { viz_type: 'table' } } });
    expect(res.status).toBe(400);
  });
});

describe('/api/v1/explore/form_data', () => {
  const entry = (formData: object) => ({ datasource_id: datasetId, datasource_type: 'table', chart_id: chartId, form_data: JSON.stringify(formData) });

  it('creates, reuses the key of a tab, updates, reads and deletes', async () => {
    const first = await call('/api/v1/explore/form_data?tab_id=7', { method: 'POST', token: gamma, json: entry({ viz_type: 'bar' }) });
    expect(first.status).toBe(201);
    const again = await call('/api/v1/explore/form_data?tab_id=7', { method: 'POST', token: gamma, json: entry({ viz_type: 'line' }) });
    expect(again.body.key).toBe(first.body.key);
    const other = await call('/api/v1/explore/form_data?tab_id=8', { method: 'POST', token: gamma, json: entry({ viz_type: 'line' }) });
    expect(other.body.key).not.toBe(first.body.key);
    const put = await call(`/api/v1/explore/form_data/${first.body.key}?tab_id=7`, { method: 'PUT', token: gamma, json: entry({ viz_type: 'pie' }) });
    expect(put.body).toEqual({ key: first.body.key });
    const got = await call(`/api/v1/explore/form_data/${first.body.key}`, { token: gamma });
    expect(JSON.parse(got.body.form_data)).toEqual({ viz_type: 'pie' });
    // Another user may read a key they can reach (keys travel in URLs), not change it in place.
    expect((await call(`/api/v1/explore/form_data/${first.body.key}`, { token: admin })).status).toBe(200);
    const adminPut = await call(`/api/v1/explore/form_data/${first.body.key}`, { method: 'PUT', token: admin, json: entry({ viz_type: 'x' }) });
    expect(adminPut.body.key).not.toBe(first.body.key);
    expect((await call(`/api/v1/explore/form_data/${first.body.key}`, { method: 'DELETE', token: admin })).status).toBe(403);
    expect(await call(`/api/v1/explore/form_data/${first.body.key}`, { method: 'DELETE', token: gamma })).toMatchObject({ status: 200, body: { message: 'Deleted successfully' } });
    expect((await call(`/api/v1/explore/form_data/${first.body.key}`, { token: gamma })).status).toBe(404);
  });

  it('checks JSON, the chart and the datasource', async () => {
    expect((await call('/api/v1/explore/form_data', { method: 'POST', token: gamma, json: { ...entry({}), form_data: '{x' } })).status).toBe(400);
    expect((await call('/api/v1/explore/form_data', { method: 'POST', token: gamma, json: { ...entry({}), chart_id: 999_999 } })).status).toBe(404);
    expect((await call('/api/v1/explore/form_data', { method: 'POST', token: gamma, json: { ...entry({}), datasource_id: 999_999 } })).status).toBe(404);
    expect((await call('/api/v1/explore/form_data', { method: 'POST', token: plain, json: { ...entry({}), chart_id: null } })).status).toBe(403);
  });
});

describe('GET /api/v1/explore/', () => {
  it('loads a saved chart: its form data, slice and dataset', async () => {
    const res = await call(`/api/v1/explore/?slice_id=${chartId}`, { token: gamma });
    expect(res.status).toBe(200);
    expect(res.body.result).toMatchObject({
      message: null,
      form_data: { metric: 'count', groupby: ['Origin'], viz_type: 'pie', slice_id: chartId, datasource: `${datasetId}__table` },
      slice: { slice_id: chartId, slice_name: 'Cars', owners: [expect.any(Number)], slice_url: `/explore/?slice_id=${chartId}`, datasource: 'main.cars' },
      dataset: { id: datasetId, type: 'table', table_name: 'cars', columns: expect.any(Array), metrics: expect.any(Array) },
    });
    expect(res.body.result.dataset.columns.map((c: { column_name: string }) => c.column_name)).toContain('Origin');
  });

  it('loads a dataset, unsaved form data over the chart, and says when a key expired', async () => {
    const ds = await call(`/api/v1/explore/?datasource_id=${datasetId}&datasource_type=table`, { token: gamma });
    expect(ds.body.result).toMatchObject({ slice: null, form_data: { datasource: `${datasetId}__table`, viz_type: 'table' }, message: null });
    const key = (await call('/api/v1/explore/form_data?tab_id=1', {
      method: 'POST',
      token: gamma,
      json: { datasource_id: datasetId, datasource_type: 'table', chart_id: chartId, form_data: JSON.stringify({ slice_id: chartId, viz_type: 'bar', groupby: ['Cylinders'] }) },
    })).body.key;
    const merged = await call(`/api/v1/explore/?form_data_key=${key}&slice_id=${chartId}`, { token: gamma });
    expect(merged.body.result.form_data).toMatchObject({ viz_type: 'bar', groupby: ['Cylinders'], metric: 'count' });
    const gone = await call(`/api/v1/explore/?form_data_key=missing&slice_id=${chartId}`, { token: gamma });
    expect(gone.body.result.message).toBe('Form data not found in cache, reverting to chart metadata.');
    const goneDs = await call(`/api/v1/explore/?form_data_key=missing&datasource_id=${datasetId}&datasource_type=table`, { token: gamma });
    expect(goneDs.body.result.message).toBe('Form data not found in cache, reverting to dataset metadata.');
  });

  it('answers 404 for a hidden chart and 403 for a datasource the user may not read', async () => {
    expect((await call(`/api/v1/explore/?slice_id=${chartId}`, { token: plain })).status).toBe(404);
    expect((await call(`/api/v1/explore/?datasource_id=${datasetId}&datasource_type=table`, { token: plain })).status).toBe(403);
    expect((await call('/api/v1/explore/?slice_id=abc', { token: gamma })).status).toBe(400);
    expect((await call(`/api/v1/explore/?datasource_id=${datasetId}&datasource_type=druid`, { token: gamma })).body.errors[0].error_type).toBe('UNKNOWN_DATASOURCE_TYPE_ERROR');
  });
});
