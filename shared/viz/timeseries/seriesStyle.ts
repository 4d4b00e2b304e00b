// How each member of the timeseries family draws one series (type, area, smoothing, steps, stacking).
import type { FormData } from '../types';
import type { Option } from '../echarts/common';

export type TimeseriesKind = 'line' | 'bar' | 'area' | 'scatter' | 'smooth' | 'step';

export interface SeriesStyleInput {
  name: string;
  data: [string | number, number | null][];
  color: string;
  horizontal: boolean;
  dashed: boolean;
  labelFormatter: (value: number | null) => string;
}

/** Stack group when stacking is on ('Stack', 'Stream', 'Expand' or legacy true). */
export function stackGroup(formData: FormData): string | undefined {
  const stack = formData.stack;
  return stack === true || stack === 'Stack' || stack === 'Stream' || stack === 'Expand' ? 'obs' : undefined;
}

export function seriesStyle(kind: TimeseriesKind, formData: FormData, s: SeriesStyleInput): Option {
  const type = kind === 'bar' ? 'bar' : kind === 'scatter' ? 'scatter' : 'line';
  const markers = kind === 'scatter' || Boolean(formData.markerEnabled);
  const opacity = Number(formData.opacity ?? 0.2);
  const data = s.horizontal ? s.data.map(([x, y]) => [y, x]) : s.data;
  const valueIndex = s.horizontal ? 0 : 1;
  return {
    id: s.name,
    name: s.name,
    type,
    data,
    itemStyle: { color: s.color },
    ...(type === 'line'
      ? {
          smooth: kind === 'smooth',
          ...(kind === 'step' ? { step: String(formData.seriesType ?? 'start') } : {}),
          ...(kind === 'area' || formData.area ? { areaStyle: { opacity } } : {}),
          showSymbol: markers,
          symbolSize: Number(formData.markerSize ?? 6),
          lineStyle: { color: s.color, ...(s.dashed ? { type: 'dashed' } : {}) },
          connectNulls: false,
        }
      : {}),
    ...(type === 'scatter' ? { symbolSize: Number(formData.markerSize ?? 6) } : {}),
    ...(stackGroup(formData) && type !== 'scatter' ? { stack: stackGroup(formData) } : {}),
    label: {
      show: Boolean(formData.show_value),
      position: type === 'bar' ? (s.horizontal ? 'right' : 'top') : 'top',
      formatter: (p: { value: unknown }) =>
        s.labelFormatter(Array.isArray(p.value) ? (p.value[valueIndex] as number | null) : (p.value as number | null)),
    },
  };
}
