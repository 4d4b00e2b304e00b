// The legacy POST /superset/explore_json/: form data in, the chart data answer out. The form data
// becomes a query context as Explore builds it (functions/charts/vizQuery.ts); a saved chart's stored
// query context is used as is when the form data only names the chart.
import { badRequest } from '../../../shared/errors';
import { ChartDataQueryContextSchema, type ChartDataQueryContext } from '../../../shared/schemas/chartData';
import type { Identity } from '../../http/identity';
import type { Ports } from '../../ports/index';
import { parseDatasourceKey } from '../../explore/access';
import { findChart } from '../repository';
import { readableChart } from '../service';
import { queryContextFor } from '../vizQuery';
import { chartData, type ChartDataDeps } from './service';

type FormData = Record<string, unknown>;

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
    context = { ...queryContextFor({ ...fd, viz_type: String(fd.viz_type ?? 'table'), datasource: `${key.id}__${key.type}` }) };
  }
  const resultType = query.query ? 'query' : query.samples ? 'samples' : query.results ? 'results' : 'full';
  return chartData(ports, user, { ...context, result_type: resultType, result_format: query.csv ? 'csv' : 'json' }, { force: query.force, sliceId }, deps);
}
