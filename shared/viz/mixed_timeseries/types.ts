// Form data of the mixed chart: query A keys as the timeseries family, query B keys suffixed `_b`;
// per-query display keys for B suffixed `B` (seriesTypeB, stackB, yAxisIndexB ...), as Superset.
import type { FormData } from '../types';

export type MixedSeriesType = 'line' | 'scatter' | 'smooth' | 'bar' | 'start' | 'middle' | 'end';

export interface MixedTimeseriesFormData extends FormData {
  viz_type: 'mixed_timeseries';
  x_axis?: string | null;
  metrics?: unknown[];
  metrics_b?: unknown[];
  groupby?: unknown[];
  groupby_b?: unknown[];
  seriesType?: MixedSeriesType;
  seriesTypeB?: MixedSeriesType;
  yAxisIndex?: 0 | 1;
  yAxisIndexB?: 0 | 1;
  show_query_identifiers?: boolean;
}

/** Query A's form data: the `_b` keys dropped. */
export function queryAFormData(fd: FormData): FormData {
  return Object.fromEntries(Object.entries(fd).filter(([k]) => !k.endsWith('_b'))) as FormData;
}

/** Query B's form data: every `x_b` value moved to `x`. */
export function queryBFormData(fd: FormData): FormData {
  const next: FormData = { ...fd };
  for (const [k, v] of Object.entries(fd)) if (k.endsWith('_b')) next[k.slice(0, -2)] = v;
  return queryAFormData(next);
}

/** Query B's display settings: every `xB` value moved to `x`. */
export function displayBFormData(fd: FormData): FormData {
  const next: FormData = { ...queryBFormData(fd) };
  for (const [k, v] of Object.entries(fd)) if (/[a-z]B$/.test(k)) next[k.slice(0, -1)] = v;
  return next;
}
