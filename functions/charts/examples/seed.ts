// First start: a dataset for every table of the examples database (through the datasets service, so
// columns come from the engine) and the example charts of definitions.ts, owned by the admin. Runs
// once per store: a marker item records that it ran, so charts a user deleted do not come back.
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { KEYS } from '../../../shared/resources/keys';
import { getPlugin } from '../../../shared/viz/registry';
import { defaultFormData } from '../../../shared/viz/explore/controls';
import type { FormData } from '../../../shared/viz/types';
import { engineFor } from '../../databases/engines';
import type { DatabaseRecord } from '../../databases/repository';
import { getOrCreateDataset } from '../../datasets/service';
import type { Identity } from '../../http/identity';
import type { Ports } from '../../ports/index';
import { nextId } from '../../ports/counters';
import type { UserRecord } from '../../platform/users';
import { putChart, type ChartRecord } from '../repository';
import { queryContextFor } from '../vizQuery';
import { EXAMPLE_CHARTS, type ExampleChart } from './definitions';

export interface ExampleSeedReport {
  datasets: number;
  charts: number;
  skipped: boolean;
}

/** The params Explore would save: the viz type's control defaults under the chart's own choices. */
export function exampleParams(def: ExampleChart, datasetId: number): FormData {
  const plugin = getPlugin(def.viz_type);
  const defaults = plugin ? defaultFormData(plugin.controlPanel, def.viz_type) : { viz_type: def.viz_type };
  return { ...defaults, ...def.params, viz_type: def.viz_type, datasource: `${datasetId}__table`, extra_form_data: {}, dashboards: [] };
}

export async function seedExampleCharts(ports: Ports, admin: UserRecord, examples: DatabaseRecord): Promise<ExampleSeedReport> {
  const main = ports.tables.name('main');
  const marker = await ports.tables.doc.send(new GetCommand({ TableName: main, Key: KEYS.exampleChartsSeeded, ConsistentRead: true }));
  if (marker.Item) return { datasets: 0, charts: 0, skipped: true };
  const user: Identity = { userId: admin.id, username: admin.username, roles: admin.roles };
  const engine = await engineFor(examples);
  const tables = await engine.tables('main');
  const datasetIds = new Map<string, number>();
  for (const table of tables) {
    const out = await getOrCreateDataset(ports, user, { database_id: examples.id, schema: 'main', table_name: table.value });
    datasetIds.set(table.value, out.result.table_id);
  }
  let charts = 0;
  for (const def of EXAMPLE_CHARTS) {
    const datasetId = datasetIds.get(def.table);
    if (!datasetId) continue;
    const params = exampleParams(def, datasetId);
    const context = { ...queryContextFor(params), result_format: 'json', result_type: 'full' };
    const now = ports.clock.now();
    const chart: ChartRecord = {
      id: await nextId(ports.tables, 'chart'),
      uuid: ports.ids.uuid(),
      slice_name: def.slice_name,
      description: def.description,
      viz_type: def.viz_type,
      params: JSON.stringify(params),
      query_context: JSON.stringify(context),
      query_context_generation: true,
      cache_timeout: null,
      datasource_id: datasetId,
      datasource_type: 'table',
      dashboards: [],
      owners: [admin.id],
      certified_by: null,
      certification_details: null,
      is_managed_externally: false,
      external_url: null,
      created_on: now,
      changed_on: now,
      created_by: admin.id,
      changed_by: admin.id,
      last_saved_at: now,
      last_saved_by: admin.id,
    };
    await putChart(ports, chart);
    charts++;
  }
  await ports.tables.doc.send(new PutCommand({ TableName: main, Item: { ...KEYS.exampleChartsSeeded, at: ports.clock.now() } }));
  return { datasets: datasetIds.size, charts, skipped: false };
}
