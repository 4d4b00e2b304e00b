// Chart data of a saved chart (GET /api/v1/chart/{pk}/data/, from its stored query_context) and the
// dataset samples call (POST /datasource/samples, paged, with a total count).
import { SupersetError, badRequest } from '../../../shared/errors';
import { ChartDataQueryContextSchema, type ChartResultFormat, type ChartResultType, type QueryObject } from '../../../shared/schemas/chartData';
import type { Identity } from '../../http/identity';
import type { Ports } from '../../ports/index';
import { readableChart } from '../service';
import { computeResults, chartData, prepareChartData, type ChartDataDeps } from './service';
import { SAMPLES_ROW_LIMIT } from '../query/limits';

export async function savedChartData(
  ports: Ports,
  user: Identity,
  id: number,
  query: { format?: ChartResultFormat; type?: ChartResultType; force?: boolean },
  deps: ChartDataDeps,
) {
  const chart = await readableChart(ports, user, id);
  if (!chart.query_context) throw badRequest('Chart has no query context saved. Please save the chart again.');
  let stored: unknown;
  try {
    stored = JSON.parse(chart.query_context);
  } catch {
    throw badRequest('Chart has no query context saved. Please save the chart again.');
  }
  const parsed = ChartDataQueryContextSchema.safeParse(stored);
  if (!parsed.success) throw badRequest('Chart has no query context saved. Please save the chart again.');
  const context = {
    ...parsed.data,
    result_format: query.format ?? parsed.data.result_format ?? 'json',
    result_type: query.type ?? parsed.data.result_type ?? 'full',
  };
  return chartData(ports, user, context, { force: query.force, sliceId: chart.id }, deps);
}

interface SamplesQuery {
  datasource_type: string;
  datasource_id: number;
  force?: boolean;
  per_page?: number;
  page?: number;
}

export async function datasourceSamples(
  ports: Ports,
  user: Identity,
  q: SamplesQuery,
  body: { filters?: QueryObject['filters']; granularity?: string | null; time_range?: string | null; extras?: Record<string, unknown> } | undefined,
  deps: ChartDataDeps,
) {
  const perPage = q.per_page ?? SAMPLES_ROW_LIMIT;
  const page = q.page ?? 1;
  if (perPage < 1 || perPage > SAMPLES_ROW_LIMIT) {
    throw new SupersetError('INVALID_PAYLOAD_SCHEMA_ERROR', `per_page must be between 1 and ${SAMPLES_ROW_LIMIT}`, { status: 400 });
  }
  if (page < 1) throw new SupersetError('INVALID_PAYLOAD_SCHEMA_ERROR', 'page must be a positive integer', { status: 400 });
  const datasource = { id: q.datasource_id, type: q.datasource_type as 'table' };
  const base: QueryObject = {
    filters: body?.filters ?? [],
    granularity: body?.granularity ?? null,
    time_range: body?.time_range ?? 'No filter',
    extras: body?.extras ?? {},
  };
  const rows = await prepareChartData(
    ports,
    user,
    { datasource, queries: [{ ...base, row_limit: perPage, row_offset: (page - 1) * perPage }], result_type: 'drill_detail' },
    {},
    deps,
  );
  const count = await prepareChartData(
    ports,
    user,
    { datasource, queries: [{ ...base, columns: [], metrics: [{ expressionType: 'SQL', sqlExpression: 'COUNT(*)', label: 'COUNT(*)' }], row_limit: 1 }], result_type: 'full' },
    {},
    deps,
  );
  const [[data], [total]] = await Promise.all([computeResults(ports, rows, Boolean(q.force), deps), computeResults(ports, count, Boolean(q.force), deps)]);
  return {
    result: {
      ...data,
      total_count: Number(total.data[0]?.['COUNT(*)'] ?? 0),
      page,
      per_page: perPage,
    },
  };
}
