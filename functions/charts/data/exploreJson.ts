// The legacy POST /superset/explore_json/: form data in, the chart data answer out. The form data
// becomes one query object the way Superset's generic buildQueryObject does it (columns from groupby,
// metrics, simple adhoc filters as filters, SQL ones as extras, time range and grain); a saved
// chart's stored query context is used as is when the form data only names the chart.
import { badRequest } from '../../../shared/errors';
import { ChartDataQueryContextSchema, type ChartDataQueryContext, type QueryObject } from '../../../shared/schemas/chartData';
import type { Identity } from '../../http/identity';
import type { Ports } from '../../ports/index';
import { parseDatasourceKey } from '../../explore/access';
import { findChart } from '../repository';
import { readableChart } from '../service';
import { chartData, type ChartDataDeps } from './service';

type FormData = Record<string, unknown>;

const OPERATORS: Record<string, string> = { '==': '==', '!=': '!=', '>': '>', '<': '<', '>=': '>=', '<=': '<=', IN: 'IN', 'NOT IN': 'NOT IN', LIKE: 'LIKE', ILIKE: 'ILIKE', REGEX: 'REGEX', 'IS NULL': 'IS NULL', 'IS NOT NULL': 'IS NOT NULL', TEMPORAL_RANGE: 'TEMPORAL_RANGE' };

function parseFormData(value: string | FormData): FormData {
  if (typeof value !== 'string') return value;
  try {
    const parsed = JSON.parse(value);
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) return parsed;
  } catch {
    /* answered below */
  }
  throw badRequest('form_data is not valid JSON', { messages: { form_data: ['Not valid JSON'] } });
}

const list = (v: unknown) => (Array.isArray(v) ? v : v === undefined || v === null || v === '' ? [] : [v]);

/** Superset's buildQueryObject for form data without a viz-specific buildQuery. */
export function queryObjectFromFormData(fd: FormData): QueryObject {
  const filters: NonNullable<QueryObject['filters']> = [];
  const where: string[] = [];
  const having: string[] = [];
  for (const f of list(fd.adhoc_filters) as FormData[]) {
    if (f.expressionType === 'SQL') {
      if (typeof f.sqlExpression === 'string' && f.sqlExpression.trim()) (f.clause === 'HAVING' ? having : where).push(`(${f.sqlExpression})`);
      continue;
    }
    const op = OPERATORS[String(f.operator ?? '')] ?? String(f.operator ?? '');
    if (typeof f.subject !== 'string') continue;
    filters.push({ col: f.subject, op, val: f.comparator as never });
  }
  const metrics = fd.metrics !== undefined ? list(fd.metrics) : list(fd.metric);
  const grain = (fd.time_grain_sqla as string | undefined) ?? null;
  return {
    columns: list(fd.groupby ?? fd.columns) as QueryObject['columns'],
    metrics: metrics as QueryObject['metrics'],
    filters,
    extras: { where: where.join(' AND ') || undefined, having: having.join(' AND ') || undefined, time_grain_sqla: grain },
    granularity: (fd.granularity_sqla as string | undefined) ?? (fd.granularity as string | undefined) ?? null,
    time_range: (fd.time_range as string | undefined) ?? 'No filter',
    row_limit: typeof fd.row_limit === 'number' ? fd.row_limit : Number(fd.row_limit) || 10_000,
    order_desc: fd.order_desc !== false,
    series_limit: Number(fd.series_limit) || undefined,
  } as QueryObject;
}

export async function exploreJson(
  ports: Ports,
  user: Identity,
  body: { form_data: string | FormData },
  query: { form_data?: string; force?: boolean; csv?: boolean; query?: boolean; results?: boolean; samples?: boolean },
  deps: ChartDataDeps,
) {
  const fd = { ...(query.form_data ? parseFormData(query.form_data) : {}), ...parseFormData(body.form_data) };
  const sliceId = Number(fd.slice_id) || null;
  let context: ChartDataQueryContext | null = null;
  const onlyNamesChart = sliceId && Object.keys(fd).every((k) => k === 'slice_id' || k === 'dashboard_id');
  if (onlyNamesChart) {
    const chart = await readableChart(ports, user, sliceId);
    const parsed = chart.query_context ? ChartDataQueryContextSchema.safeParse(JSON.parse(chart.query_context)) : null;
    if (parsed?.success) context = parsed.data;
    else Object.assign(fd, JSON.parse(chart.params || '{}'), { datasource: `${chart.datasource_id}__${chart.datasource_type}` });
  }
  if (!context) {
    const chart = sliceId ? await findChart(ports, sliceId) : null;
    const key = parseDatasourceKey(fd.datasource) ?? (chart ? { id: chart.datasource_id, type: chart.datasource_type } : null);
    if (!key) throw badRequest('The datasource is missing from the form data', { messages: { form_data: ['datasource is required'] } });
    context = {
      datasource: { id: key.id, type: key.type as 'table' },
      queries: [queryObjectFromFormData(fd)],
      form_data: fd,
    };
  }
  const resultType = query.query ? 'query' : query.samples ? 'samples' : query.results ? 'results' : 'full';
  return chartData(ports, user, { ...context, result_type: resultType, result_format: query.csv ? 'csv' : 'json' }, { force: query.force, sliceId }, deps);
}
