// Charts in a bundle: charts/<name>_<id>.yaml (ImportV1ChartSchema), linked to their dataset by
// dataset_uuid; params is the form data as an object, query_context stays JSON text.
import { listChartRecords, putChart, type ChartRecord } from '../charts/repository';
import { findDatasetByUuid, type DatasetRecord } from '../datasets/repository';
import { nextId } from '../ports/counters';
import { EXPORT_VERSION, fileError } from './bundle';
import { jsonObject, type ImportContext } from './context';
import { fileStem } from './names';
import type { ChartFile } from './schemas';

export const chartFile = (c: ChartRecord) => `charts/${fileStem(c.slice_name, 'chart')}_${c.id}.yaml`;

/** One chart as ImportV1ChartSchema names its fields. */
export function chartYaml(c: ChartRecord, dataset: DatasetRecord) {
  return {
    slice_name: c.slice_name,
    description: c.description,
    certified_by: c.certified_by,
    certification_details: c.certification_details,
    viz_type: c.viz_type,
    params: jsonObject(c.params) ?? {},
    query_context: c.query_context,
    cache_timeout: c.cache_timeout,
    uuid: c.uuid,
    version: EXPORT_VERSION,
    dataset_uuid: dataset.uuid,
  };
}

const asObject = (value: unknown): Record<string, unknown> => {
  const parsed = typeof value === 'string' ? jsonObject(value) : value;
  return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : {};
};

/** The form data pointed at the local dataset (`<id>__table`), as Superset's import_chart does. */
function pointParams(params: unknown, datasetId: number): string {
  return JSON.stringify({ ...asObject(params), datasource: `${datasetId}__table` });
}

function pointQueryContext(value: unknown, datasetId: number): string | null {
  if (value === null || value === undefined || value === '') return null;
  const context = asObject(value);
  if (!Object.keys(context).length) return typeof value === 'string' ? value : null;
  const formData = context.form_data && typeof context.form_data === 'object' ? { ...(context.form_data as object), datasource: `${datasetId}__table` } : context.form_data;
  return JSON.stringify({ ...context, datasource: { id: datasetId, type: 'table' }, ...(formData ? { form_data: formData } : {}) });
}

export async function findChartByUuid(ctx: Pick<ImportContext, 'ports'>, uuid: string): Promise<ChartRecord | null> {
  return (await listChartRecords(ctx.ports)).find((c) => c.uuid === uuid) ?? null;
}

export async function importChart(ctx: ImportContext, file: string, config: ChartFile, overwrite: boolean): Promise<ChartRecord> {
  const dataset = ctx.datasets.get(config.dataset_uuid) ?? (await findDatasetByUuid(ctx.ports, config.dataset_uuid));
  if (!dataset) throw fileError(file, 'dataset_uuid', `Dataset ${config.dataset_uuid} is neither in the bundle nor here`);
  const existing = await findChartByUuid(ctx, config.uuid);
  if (existing && !overwrite) return existing;
  const now = ctx.ports.clock.now();
  const chart: ChartRecord = {
    id: existing?.id ?? (await nextId(ctx.ports.tables, 'chart')),
    uuid: config.uuid,
    slice_name: config.slice_name,
    description: config.description ?? null,
    viz_type: config.viz_type,
    params: pointParams(config.params, dataset.id),
    query_context: pointQueryContext(config.query_context, dataset.id),
    query_context_generation: existing?.query_context_generation ?? null,
    cache_timeout: config.cache_timeout ?? null,
    datasource_id: dataset.id,
    datasource_type: 'table',
    dashboards: existing?.dashboards ?? [],
    owners: existing?.owners ?? [ctx.user.userId],
    certified_by: config.certified_by ?? null,
    certification_details: config.certification_details ?? null,
    is_managed_externally: existing?.is_managed_externally ?? false,
    external_url: existing?.external_url ?? null,
    created_on: existing?.created_on ?? now,
    changed_on: now,
    created_by: existing?.created_by ?? ctx.user.userId,
    changed_by: ctx.user.userId,
    last_saved_at: now,
    last_saved_by: ctx.user.userId,
  };
  await putChart(ctx.ports, chart);
  return chart;
}
