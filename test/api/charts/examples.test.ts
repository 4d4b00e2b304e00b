// First start seeds a dataset for every examples table and one example chart per viz type, with the
// params Explore saves and a query context that passes the chart data schema.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ChartDataQueryContextSchema } from '../../../shared/schemas/chartData';
import { EXAMPLE_CHARTS } from '../../../functions/charts/examples/definitions';
import { VIZ_TYPES } from '../../../shared/viz/registry';
import { startLocalCloud, type LocalCloud } from '../../support/localCloud';
import { client, type Json } from '../sqllabHelpers';

let cloud: LocalCloud;
let admin: string;
const { call, q } = client(() => cloud);



beforeAll(async () => {
  cloud = await startLocalCloud({ env: { SEED_EXAMPLE_CHARTS: '1' } });
  admin = await cloud.login('admin', 'admin');
});
afterAll(() => cloud?.stop());

describe('example datasets and charts', () => {
  it('makes one chart per viz type on an examples dataset, with Explore-shaped params', async () => {
    expect(EXAMPLE_CHARTS.map((c) => c.viz_type).sort()).toEqual([...VIZ_TYPES].sort());
    const list = await call(`/api/v1/chart/?${q({ page_size: 100, columns: ['id', 'viz_type', 'params', 'query_context', 'datasource_id', 'slice_name', 'owners.first_name'] })}`, { token: admin });
    expect(list.status).toBe(200);
    expect(list.body.count).toBe(VIZ_TYPES.length);
    expect(list.body.result.map((c: Json) => c.viz_type).sort()).toEqual([...VIZ_TYPES].sort());
    for (const chart of list.body.result as Json[]) {
      const params = JSON.parse(chart.params);
      expect(params).toMatchObject({ viz_type: chart.viz_type, datasource: `${chart.datasource_id}__table` });
      const context = ChartDataQueryContextSchema.safeParse(JSON.parse(chart.query_context));
      expect(context.success, `${chart.slice_name}: ${JSON.stringify(context.error?.issues)}`).toBe(true);
      expect(context.data!.datasource.id).toBe(chart.datasource_id);
      expect(context.data!.queries.length).toBeGreaterThan(0);
      // Each example draws something: its saved query context answers rows.
      const data = await call('/api/v1/chart/data', { method: 'POST', token: admin, json: JSON.parse(chart.query_context) });
      expect(data.status, `${chart.slice_name}: ${JSON.stringify(data.body).slice(0, 300)}`).toBe(200);
      expect(data.body.result[0].rowcount, chart.slice_name).toBeGreaterThan(0);
    }
  });

  it('makes a dataset for every examples table, with the engine\'s columns', async () => {
    const tables = await call(`/api/v1/database/1/tables/?${q({ schema_name: 'main' })}`, { token: admin });
    expect(tables.status).toBe(200);
    for (const name of ['flights_3m', 'seattle_weather', 'gapminder', 'movies', 'cars', 'stocks']) {
      const ds = await call('/api/v1/dataset/get_or_create/', { method: 'POST', token: admin, json: { database_id: 1, table_name: name, schema: 'main' } });
      const got = await call(`/api/v1/dataset/${ds.body.result.table_id}`, { token: admin });
      expect(got.body.result.table_name).toBe(name);
      expect(got.body.result.columns.length).toBeGreaterThan(1);
    }
    // get_or_create above found them: no dataset was added after the seed.
    const again = await call('/api/v1/dataset/get_or_create/', { method: 'POST', token: admin, json: { database_id: 1, table_name: 'cars', schema: 'main' } });
    const chart = (await call(`/api/v1/chart/?${q({ filters: [{ col: 'viz_type', opr: 'eq', value: 'table' }], columns: ['datasource_id'] })}`, { token: admin })).body.result[0];
    expect(chart.datasource_id).toBe(again.body.result.table_id);
    expect(tables.body.count).toBeGreaterThan(50);
  });
});
