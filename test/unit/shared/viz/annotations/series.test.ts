// Annotation layers drawn by the time-series plugins' transformProps: formula as a line series over
// the chart's x values, events as a markLine, intervals as a markArea, time series as extra series.
import { describe, expect, it } from 'vitest';
import { getPlugin } from '../../../../../shared/viz/registry';
import type { ChartDataResponseResult, FormData } from '../../../../../shared/viz/types';

const T = (m: number) => Date.UTC(2024, m, 1);
const result = (annotation_data: Record<string, unknown>): ChartDataResponseResult =>
  ({
    colnames: ['__timestamp', 'SUM(x)'],
    coltypes: [2, 0],
    data: [0, 1, 2, 3].map((m) => ({ __timestamp: T(m), 'SUM(x)': m * 10 })),
    annotation_data,
  }) as unknown as ChartDataResponseResult;

const native = {
  columns: ['start_dttm', 'end_dttm', 'short_descr', 'long_descr', 'json_metadata'],
  records: [
    { start_dttm: T(1), end_dttm: T(2), short_descr: 'Launch', long_descr: 'v1 shipped', json_metadata: null },
    { start_dttm: '2024-03-01T00:00:00', end_dttm: '2024-03-15T00:00:00', short_descr: 'Outage', long_descr: null, json_metadata: null },
  ],
};

const draw = (vizType: string, layers: unknown[], data: Record<string, unknown>) => {
  const formData: FormData = { viz_type: vizType, metrics: ['SUM(x)'], annotation_layers: layers };
  const queries = vizType === 'mixed_timeseries' ? [result(data), result(data)] : [result(data)];
  const props = getPlugin(vizType)!.transformProps({ formData, queriesData: queries, width: 600, height: 400 });
  if (props.kind !== 'echarts') throw new Error('not echarts');
  return props.option.series as Record<string, any>[];
};

describe('annotation layers in the time-series plugins', () => {
  it('draws an event layer as a markLine at each annotation time, labelled with its title and description', () => {
    const series = draw('echarts_timeseries_line', [{ name: 'Releases', annotationType: 'EVENT', sourceType: 'NATIVE', value: 1, show: true, showLabel: true, color: '#ff00ff', width: 3, style: 'dashed', opacity: 'opacityMedium', overrides: {} }], { Releases: native });
    const event = series.find((s) => s.id === 'Event - Releases')!;
    expect(event.markLine.data).toEqual([
      { name: 'Launch\n\nv1 shipped', xAxis: T(1) },
      { name: 'Outage', xAxis: T(2) },
    ]);
    expect(event.markLine.lineStyle).toEqual({ color: '#ff00ff', opacity: 0.5, type: 'dashed', width: 3 });
    expect(event.markLine.label.show).toBe(true);
  });

  it('draws an interval layer as a markArea from start to end', () => {
    const series = draw('echarts_timeseries_bar', [{ name: 'Windows', annotationType: 'INTERVAL', sourceType: 'NATIVE', value: 1, show: true, overrides: {} }], { Windows: native });
    const interval = series.find((s) => s.id === 'Interval - Windows')!;
    expect(interval.markArea.data).toEqual([
      [{ name: 'Launch\n\nv1 shipped', xAxis: T(1) }, { xAxis: T(2) }],
      [{ name: 'Outage', xAxis: T(2) }, { xAxis: Date.UTC(2024, 2, 15) }],
    ]);
  });

  it('draws a formula as a line over the x values, and a table source through its chosen columns', () => {
    const series = draw(
      'echarts_timeseries_smooth',
      [
        { name: 'Double', annotationType: 'FORMULA', value: 'y = 2 * x', show: true, overrides: {}, style: 'longDashed' },
        { name: 'From table', annotationType: 'EVENT', sourceType: 'table', value: 9, show: true, overrides: {}, timeColumn: 'day', titleColumn: 'what' },
      ],
      { 'From table': { records: [{ day: T(3), what: 'Sale' }] } },
    );
    const formula = series.find((s) => s.id === 'Double')!;
    expect(formula.type).toBe('line');
    expect(formula.data).toEqual([0, 1, 2, 3].map((m) => [T(m), 2 * T(m)]));
    expect(formula.lineStyle.type).toEqual([12, 6]);
    expect(series.find((s) => s.id === 'Event - From table')!.markLine.data).toEqual([{ name: 'Sale', xAxis: T(3) }]);
  });

  it('overlays time series, skips hidden layers and bad formulas, and draws in mixed charts too', () => {
    const ts = { Other: [{ key: 'AVG(y)', values: [{ x: T(0), y: 1 }, { x: T(1), y: 2 }] }] };
    const layers = [
      { name: 'Other', annotationType: 'TIME_SERIES', sourceType: 'line', value: 3, show: true, overrides: {}, showMarkers: true },
      { name: 'Hidden', annotationType: 'FORMULA', value: 'x', show: false, overrides: {} },
      { name: 'Broken', annotationType: 'FORMULA', value: 'alert(1)', show: true, overrides: {} },
    ];
    for (const viz of ['echarts_timeseries_line', 'mixed_timeseries']) {
      const series = draw(viz, layers, ts);
      const overlay = series.find((s) => s.id === 'Other: AVG(y)')!;
      expect(overlay.data).toEqual([[T(0), 1], [T(1), 2]]);
      expect(overlay.showSymbol).toBe(true);
      expect(series.some((s) => s.id === 'Hidden' || s.id === 'Broken')).toBe(false);
    }
  });

  it('draws nothing for a layer without data yet (the chart still renders)', () => {
    const series = draw('echarts_timeseries_line', [{ name: 'Later', annotationType: 'EVENT', sourceType: 'NATIVE', value: 1, show: true, overrides: {} }], {});
    expect(series.map((s) => s.id)).toEqual(['SUM(x)']);
  });
});
