// What the annotation layer editor offers as values: the annotation layers (NATIVE source) and the
// saved charts a source type reads (table charts for events and intervals, time-series charts for
// time series), through the typed API client.
import { api } from '../../../../../api/client';
import type { AnnotationSourceType } from '../../../../../../../shared/viz/annotations/types';

export interface SourceChoice {
  value: number;
  label: string;
}

const LINE_VIZ_TYPES = new Set([
  'echarts_timeseries_line',
  'echarts_timeseries_bar',
  'echarts_area',
  'echarts_timeseries_scatter',
  'echarts_timeseries_smooth',
  'echarts_timeseries_step',
  'mixed_timeseries',
]);

export async function fetchSourceChoices(sourceType: AnnotationSourceType): Promise<SourceChoice[]> {
  if (sourceType === 'NATIVE') {
    const answer = await api.call('annotationLayer.list', { q: { page: 0, page_size: 100, order_column: 'name', order_direction: 'asc', columns: ['id', 'name'] } });
    return answer.result.map((l) => ({ value: Number(l.id), label: String(l.name ?? l.id) }));
  }
  if (sourceType === 'table' || sourceType === 'line') {
    const answer = await api.call('chart.list', { q: { page: 0, page_size: 1000, order_column: 'slice_name', order_direction: 'asc', columns: ['id', 'slice_name', 'viz_type'] } });
    const fits = (viz: string) => (sourceType === 'table' ? viz === 'table' : LINE_VIZ_TYPES.has(viz));
    return answer.result.filter((c) => fits(String(c.viz_type))).map((c) => ({ value: Number(c.id), label: String(c.slice_name ?? c.id) }));
  }
  return [];
}
