// Side queries of the current form data: results and samples for the data pane, the SQL for "View
// query", and the downloads (CSV / XLSX / JSON through the chart data API, PNG of the drawn chart).
import { getPlugin } from '../../../../../shared/viz/registry';
import type { ChartDataQueryContext } from '../../../../../shared/viz/types';
import { api } from '../../../api/client';
import { fetchChartData } from '../../charts/data/fetchChartData';
import { chartPngBlob } from '../../charts/render/chartImage';
import { queryFormData } from './runChart';
import { exploreStore } from '../state/exploreStore';

export interface DataAnswer {
  colnames: string[];
  /** Generic types per column (temporal 2), when the answer has them. */
  coltypes?: number[];
  data: Record<string, unknown>[];
}

function context(resultType: ChartDataQueryContext['result_type'], resultFormat?: ChartDataQueryContext['result_format']): ChartDataQueryContext {
  const fd = queryFormData();
  const ctx = getPlugin(fd.viz_type)!.buildQuery(fd, { resultType, resultFormat });
  return { ...ctx, result_type: resultType, ...(resultFormat ? { result_format: resultFormat } : {}) };
}

/**
 * The data pane's rows: one answer per query the viz type shows (Superset's queryObjectCount: a mixed
 * chart's query A and B), samples always one.
 */
export async function fetchPaneData(kind: 'results' | 'samples'): Promise<DataAnswer[]> {
  const fd = queryFormData();
  const shown = kind === 'results' ? (getPlugin(fd.viz_type)?.queryObjectCount ?? 1) : 1;
  const answers = (await fetchChartData(context(kind), { sliceId: exploreStore.slice?.slice_id })).slice(0, shown);
  return answers.map((answer) => {
    if (answer?.error) throw new Error(String(answer.error));
    const data = (answer?.data ?? []) as Record<string, unknown>[];
    return { colnames: (answer?.colnames as string[] | undefined) ?? Object.keys(data[0] ?? {}), coltypes: answer?.coltypes, data };
  });
}

export async function fetchQueryText(): Promise<string> {
  const answer = await fetchChartData(context('query'), { sliceId: exploreStore.slice?.slice_id });
  return answer.map((q) => String(q.query ?? '')).filter(Boolean).join('\n\n');
}

export function saveBlob(blob: Blob, filename: string) {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

const fileName = (ext: string) => `${(exploreStore.slice?.slice_name ?? 'chart').replace(/[^\w-]+/g, '_').replace(/^_+|_+$/g, '') || 'chart'}.${ext}`;

export async function downloadData(format: 'csv' | 'xlsx' | 'json') {
  const response = await api.raw('chartData.run', { body: context('full', format) });
  saveBlob(await response.blob(), fileName(format));
}

/** "Download as image": the drawn chart (ECharts SVG, or the table / big number the host draws) as PNG. */
export async function downloadPng(container: Element | null) {
  saveBlob(await chartPngBlob(container), fileName('png'));
}
