// Charts (Superset's slices) in the main table.
//   entity:  pk CHART#<id>   sk CHART   gsi1 DATASET#<datasource_id>#CHARTS / padded id (charts of a dataset)
//                                       gsi2 CHARTS / padded id (every chart, for the list)
// The item's `rev` counts its writes. A change made from a chart read here (a save, a dashboard's
// membership sync) is written only if the item is still at the rev that read saw, so two writers
// landing together never lose one's change without a word (putChart's `basedOn`).
import { DeleteCommand, GetCommand } from '@aws-sdk/lib-dynamodb';
import { unprocessable } from '../../shared/errors';
import { KEYS, padId } from '../../shared/resources/keys';
import type { Ports } from '../ports/index';
import { batchGetById, itemRevisions, putIfUnchanged, queryAllItems } from '../ports/tables';

type P = Pick<Ports, 'tables'>;

export interface ChartRecord {
  id: number;
  uuid: string;
  slice_name: string;
  description: string | null;
  viz_type: string;
  /** Form data as JSON text, as Superset stores it. */
  params: string;
  query_context: string | null;
  query_context_generation: boolean | null;
  cache_timeout: number | null;
  datasource_id: number;
  datasource_type: string;
  dashboards: number[];
  owners: number[];
  certified_by: string | null;
  certification_details: string | null;
  is_managed_externally: boolean;
  external_url: string | null;
  created_on: number;
  changed_on: number;
  created_by: number;
  changed_by: number;
  last_saved_at: number;
  last_saved_by: number;
}

const pad = padId;
const entityKey = KEYS.chart;
const byDatasetKey = KEYS.chartsOfDataset;
const ALL_KEY = KEYS.allCharts;

/** The rev of the item each chart record was read from (records read through this module). */
const revs = itemRevisions<ChartRecord>();

const chartOf = (item: Record<string, unknown> | undefined): ChartRecord | undefined => {
  const chart = item?.chart as ChartRecord | undefined;
  return chart && revs.remember(chart, item);
};

/**
 * Writes the chart. With `basedOn` (the record it was changed from, read through this module) the
 * write only lands if the item is still at that read's rev, else ChangedSinceRead (409); without it
 * (a new chart, an import that replaces one) it lands as is.
 */
export async function putChart(ports: P, chart: ChartRecord, options: { basedOn?: ChartRecord } = {}): Promise<void> {
  const { rev, read } = revs.forWrite(options.basedOn, 'putChart');
  const item = {
    ...entityKey(chart.id),
    gsi1pk: byDatasetKey(chart.datasource_id),
    gsi1sk: pad(chart.id),
    gsi2pk: ALL_KEY,
    gsi2sk: pad(chart.id),
    chart,
    rev,
  };
  try {
    await putIfUnchanged(ports.tables, item, read, 'chart');
    revs.remember(chart, item);
  } catch (error) {
    const e = error as { name?: string; message?: string };
    if (e.name === 'ValidationException' && /item size/i.test(e.message ?? '')) throw unprocessable('The chart is too large to store');
    throw error;
  }
}

export async function findChart(ports: P, id: number): Promise<ChartRecord | null> {
  if (!Number.isSafeInteger(id) || id <= 0) return null;
  const out = await ports.tables.doc.send(
    new GetCommand({ TableName: ports.tables.name('main'), Key: entityKey(id), ConsistentRead: true }),
  );
  return chartOf(out.Item) ?? null;
}

/** Several charts by id in batch reads: those that exist, in the order of `ids` (each once). */
export const findCharts = (ports: P, ids: number[]): Promise<ChartRecord[]> =>
  batchGetById(ports.tables, ids, entityKey, chartOf);

export async function deleteChartItem(ports: P, id: number): Promise<void> {
  await ports.tables.doc.send(new DeleteCommand({ TableName: ports.tables.name('main'), Key: entityKey(id) }));
}

export async function listChartRecords(ports: P): Promise<ChartRecord[]> {
  const items = await queryAllItems(ports.tables, {
    IndexName: 'gsi2',
    KeyConditionExpression: 'gsi2pk = :k',
    ExpressionAttributeValues: { ':k': ALL_KEY },
  });
  // gsi2 projects all attributes: the list needs no second read.
  return items.map(chartOf).filter((c): c is ChartRecord => Boolean(c));
}

/** Charts built on one dataset (the dataset's related objects, deleting a dataset). */
export async function listChartsOfDataset(ports: P, datasetId: number): Promise<ChartRecord[]> {
  const items = await queryAllItems(ports.tables, {
    IndexName: 'gsi1',
    KeyConditionExpression: 'gsi1pk = :k',
    ExpressionAttributeValues: { ':k': byDatasetKey(datasetId) },
  });
  return items.map(chartOf).filter((c): c is ChartRecord => Boolean(c));
}
