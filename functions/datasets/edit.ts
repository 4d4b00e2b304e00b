// PUT /api/v1/dataset/{pk} body rules, as Superset's UpdateDatasetCommand checks them: the columns and
// metrics sent replace the dataset's (an id changes that one, no id adds one, unlisted ones go); ids must
// exist and names be unique (a listed name replaces an unlisted column of that name); every column
// and metric expression is checked on the engine's own parse tree (one expression, no sub-query, no
// writes). Pure but for the expression check.
import { unprocessable } from '../../shared/errors';
import type { DatasetColumnPut, DatasetMetricPut } from '../../shared/routes/datasets';
import { checkExpression } from '../charts/query/expressions';
import { genericFromTypeName } from '../engines/columns';
import type { EngineKind } from '../engines/types';
import type { DatasetColumnRecord, DatasetMetricRecord, DatasetRecord } from './repository';

const invalid = (field: string, message: string) => unprocessable(message, { messages: { [field]: [message] } });

const duplicated = (names: string[]) => new Set(names).size !== names.length;

/** Ids for new columns or metrics: the dataset's id block (datasetId * 10000 + n) after the highest used. */
function idAllocator(datasetId: number, used: number[]) {
  let next = Math.max(datasetId * 10_000, ...used) + 1;
  return () => next++;
}

export function mergeColumns(d: DatasetRecord, sent: DatasetColumnPut[], uuid: () => string): DatasetColumnRecord[] {
  const byId = new Map(d.columns.map((c) => [c.id, c]));
  if (sent.some((c) => c.id !== undefined && !byId.has(c.id))) throw invalid('columns', 'One or more columns do not exist');
  if (duplicated(sent.map((c) => c.column_name))) throw invalid('columns', 'One or more columns are duplicated');
  const nextId = idAllocator(d.id, d.columns.map((c) => c.id));
  return sent.map((c) => {
    const old = c.id !== undefined ? byId.get(c.id) : undefined;
    const type = c.type ?? old?.type ?? '';
    return {
      id: old?.id ?? nextId(),
      uuid: old?.uuid ?? uuid(),
      column_name: c.column_name,
      type,
      type_generic: c.type !== undefined || !old ? genericFromTypeName(type) : old.type_generic,
      is_dttm: c.is_dttm ?? old?.is_dttm ?? false,
      verbose_name: c.verbose_name !== undefined ? c.verbose_name : (old?.verbose_name ?? null),
      description: c.description !== undefined ? c.description : (old?.description ?? null),
      expression: c.expression !== undefined ? c.expression?.trim() || null : (old?.expression ?? null),
      filterable: c.filterable ?? old?.filterable ?? true,
      groupby: c.groupby ?? old?.groupby ?? true,
      is_active: c.is_active ?? old?.is_active ?? true,
      python_date_format: c.python_date_format !== undefined ? c.python_date_format : (old?.python_date_format ?? null),
      advanced_data_type: c.advanced_data_type !== undefined ? c.advanced_data_type : (old?.advanced_data_type ?? null),
      extra: c.extra !== undefined ? c.extra : (old?.extra ?? null),
    };
  });
}

const currencyText = (c: DatasetMetricPut['currency']) => (c === null || c === undefined ? null : typeof c === 'string' ? c : JSON.stringify(c));

export function mergeMetrics(d: DatasetRecord, sent: DatasetMetricPut[], uuid: () => string): DatasetMetricRecord[] {
  const byId = new Map(d.metrics.map((m) => [m.id, m]));
  if (sent.some((m) => m.id !== undefined && !byId.has(m.id))) throw invalid('metrics', 'One or more metrics do not exist');
  if (duplicated(sent.map((m) => m.metric_name))) throw invalid('metrics', 'One or more metrics are duplicated');
  const nextId = idAllocator(d.id, d.metrics.map((m) => m.id));
  return sent.map((m) => {
    const old = m.id !== undefined ? byId.get(m.id) : undefined;
    return {
      id: old?.id ?? nextId(),
      uuid: old?.uuid ?? uuid(),
      metric_name: m.metric_name,
      verbose_name: m.verbose_name !== undefined ? m.verbose_name : (old?.verbose_name ?? null),
      metric_type: m.metric_type !== undefined ? m.metric_type : (old?.metric_type ?? null),
      expression: m.expression,
      description: m.description !== undefined ? m.description : (old?.description ?? null),
      d3format: m.d3format !== undefined ? m.d3format : (old?.d3format ?? null),
      currency: m.currency !== undefined ? currencyText(m.currency) : (old?.currency ?? null),
      warning_text: m.warning_text !== undefined ? m.warning_text : (old?.warning_text ?? null),
      extra: m.extra !== undefined ? m.extra : (old?.extra ?? null),
    };
  });
}

/** Checks every calculated column and metric expression; returns them cleaned (comments stripped). */
export async function checkDatasetExpressions(engine: EngineKind, d: Pick<DatasetRecord, 'columns' | 'metrics'>) {
  const columns = await Promise.all(
    d.columns.map(async (c) => (c.expression ? { ...c, expression: await checkExpression(engine, c.expression, 'column', { label: c.column_name }) } : c)),
  );
  const metrics = await Promise.all(
    d.metrics.map(async (m) => ({ ...m, expression: await checkExpression(engine, m.expression, 'metric', { label: m.metric_name }) })),
  );
  return { columns, metrics };
}

/** main_dttm_col must name one of the dataset's columns. */
export function checkMainDttm(name: string | null, columns: DatasetColumnRecord[]) {
  if (name && !columns.some((c) => c.column_name === name)) {
    throw invalid('main_dttm_col', `Column ${name} is not a column of this dataset`);
  }
}
