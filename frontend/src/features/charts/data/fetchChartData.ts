// One chart data request from the browser (POST /api/v1/chart/data): a 200 answer is the data, a 202
// answer is an async job whose result_url is fetched once the job's event says done (WebSocket, with
// polling fallback), anything else throws the spec's unexpected-status message.
import type { ChartDataQueryContext, ChartDataResponseResult } from '../../../../../shared/viz/types';
import { api } from '../../../api/client';
import { waitForAsyncJob } from '../../asyncEvents/asyncEvents';
import { classifyChartDataResponse } from '../state/chartStatus';

export interface ChartDataContext {
  sliceId?: number;
  dashboardId?: number;
  force?: boolean;
  signal?: AbortSignal;
}

interface AsyncAnswer {
  job_id: string;
  result_url: string;
}

export async function fetchChartData(queryContext: ChartDataQueryContext, context: ChartDataContext = {}): Promise<ChartDataResponseResult[]> {
  const formData: Record<string, number> = {};
  if (context.sliceId) formData.slice_id = context.sliceId;
  if (context.dashboardId) formData.dashboard_id = context.dashboardId;
  const response = await api.raw('chartData.run', {
    query: { ...(Object.keys(formData).length ? { form_data: JSON.stringify(formData) } : {}), ...(context.force ? { force: 'true' } : {}) },
    body: { ...queryContext, force: context.force ?? queryContext.force },
    signal: context.signal,
  });
  const kind = classifyChartDataResponse(response.status);
  const body = (await response.json()) as { result: ChartDataResponseResult[] } & AsyncAnswer;
  if (kind === 'data') return body.result;
  await waitForAsyncJob(body.job_id, { signal: context.signal });
  const done = (await api.getUrl(body.result_url, { signal: context.signal })) as { result: ChartDataResponseResult[] };
  return done.result;
}
