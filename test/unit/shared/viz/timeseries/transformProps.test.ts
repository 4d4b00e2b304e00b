// Timeseries transformProps on golden answers and generated ones (empty, nulls, single row, 10k rows).
import { describe, expect, it } from 'vitest';
import { transformTimeseries } from '../../../../../shared/viz/timeseries/transformProps';
import { AVG_TEMP, SUM_PRECIP, T, empty, golden, result, timeRows } from '../fixtures';
import { renderSvg } from '../render';
import type { TimeseriesKind } from '../../../../../shared/viz/timeseries/seriesStyle';

const fd = { viz_type: 'echarts_timeseries_line', x_axis: 'date', metrics: [SUM_PRECIP], groupby: ['weather'] };
const draw = (queriesData: unknown[], extra: Record<string, unknown> = {}, kind: TimeseriesKind = 'line') =>
  transformTimeseries({ formData: { ...fd, ...extra }, queriesData: queriesData as never, width: 800, height: 400 }, kind);
type S = { type: string; data: unknown[][]; stack?: string; step?: string; areaStyle?: unknown; smooth?: boolean; lineStyle?: { type?: string } };
const series = (props: ReturnType<typeof draw>) => props.option.series as S[];

describe('timeseries transformProps', () => {
  it('one series per pivoted column of the golden week pivot, on a time axis', () => {
    const props = draw(golden.time_grain_week_series_pivot.response.result);
    expect(props.seriesNames).toEqual(['SUM(precipitation), fog', 'SUM(precipitation), rain', 'SUM(precipitation), snow', 'SUM(precipitation), sun']);
    expect((props.option.xAxis as { type: string }).type).toBe('time');
    expect(series(props)[1].data[1]).toEqual([1388966400000, 55.099999999999994]);
    expect(series(props)[2].data[0]).toEqual([1388361600000, null]);
  });
  it('time comparison series are dashed', () => {
    const props = draw(golden.time_compare_1_year.response.result, { metrics: [AVG_TEMP], groupby: [], time_compare: ['1 year ago'], comparison_type: 'values' });
    expect(series(props).map((s) => s.lineStyle?.type)).toEqual([undefined, 'dashed']);
  });
  it('empty results draw no series without throwing', () => {
    const props = draw([empty([['date', T.time]])]);
    expect(props.seriesNames).toEqual([]);
  });
  it('missing answer (no queries data) draws nothing', () => {
    expect(draw([]).seriesNames).toEqual([]);
  });
  it('nulls stay gaps', () => {
    const props = draw([timeRows(10, ['a'], 'date', 3)]);
    expect(series(props)[0].data.filter((p) => p[1] === null)).toHaveLength(4);
  });
  it('a single row', () => {
    const props = draw([timeRows(1, ['a', 'b'], 'date')]);
    expect(series(props).map((s) => s.data.length)).toEqual([1, 1]);
  });
  it('10k rows', () => {
    const props = draw([timeRows(10_000, ['a', 'b', 'c'], 'date')]);
    expect(series(props).map((s) => s.data.length)).toEqual([10_000, 10_000, 10_000]);
  });
  it('monthly bars end half a month after the last month, not at an empty next month', () => {
    const months = [0, 1, 2, 3, 4, 5].map((m) => ({ date: Date.UTC(2001, m, 1), count: 500 + m }));
    const props = draw([result([['date', T.time], ['count', T.num]], months)], { groupby: [], metrics: ['count'] }, 'bar');
    const axis = props.option.xAxis as { min: number; max: number };
    expect(axis.max).toBeLessThan(Date.UTC(2001, 5, 16));
    expect(axis.max).toBeGreaterThan(Date.UTC(2001, 5, 1));
    expect(axis.min).toBeGreaterThan(Date.UTC(2000, 11, 16));
    const svg = renderSvg(props.option, 800, 400).svg;
    expect(svg).not.toMatch(/>July</);
    expect(svg).toMatch(/>June</);
  });
  it('a categorical x axis lists its categories', () => {
    const r = result([['Origin', T.str], ['count', T.num]], [{ Origin: 'USA', count: 254 }, { Origin: 'Japan', count: 79 }]);
    const props = draw([r], { x_axis: 'Origin', groupby: [] }, 'bar');
    expect(props.option.xAxis).toMatchObject({ type: 'category', data: ['USA', 'Japan'] });
    expect(series(props)[0]).toMatchObject({ type: 'bar', data: [['USA', 254], ['Japan', 79]] });
  });
  it('each kind draws its series type: bar, area, scatter, smooth, step; stacking', () => {
    const r = [timeRows(3, ['a'], 'date')];
    expect(series(draw(r, { stack: 'Stack' }, 'bar'))[0]).toMatchObject({ type: 'bar', stack: 'obs' });
    expect(series(draw(r, {}, 'area'))[0].areaStyle).toBeTruthy();
    expect(series(draw(r, {}, 'scatter'))[0].type).toBe('scatter');
    expect(series(draw(r, {}, 'smooth'))[0].smooth).toBe(true);
    expect(series(draw(r, { seriesType: 'end' }, 'step'))[0].step).toBe('end');
  });
  it('horizontal bars swap the axes', () => {
    const r = result([['Origin', T.str], ['count', T.num]], [{ Origin: 'USA', count: 254 }]);
    const props = draw([r], { x_axis: 'Origin', groupby: [], orientation: 'horizontal' }, 'bar');
    expect(props.option.yAxis).toMatchObject({ type: 'category' });
    expect(series(props)[0].data).toEqual([[254, 'USA']]);
  });
  it('Percentage change formats the y axis as .1%', () => {
    const props = draw([timeRows(2, ['a'], 'date')], { comparison_type: 'percentage', time_compare: ['1 year ago'], y_axis_format: ',d' });
    const fmt = (props.option.yAxis as { axisLabel: { formatter: (v: number) => string } }).axisLabel.formatter;
    expect(fmt(0.1234)).toBe('12.3%');
  });
  it('series order by total, descending by default', () => {
    const r = result([['date', T.time], ['a', T.num], ['b', T.num]], [{ date: 1, a: 1, b: 5 }, { date: 2, a: 1, b: 5 }]);
    expect(draw([r], { sort_series_type: 'sum' }).seriesNames).toEqual(['b', 'a']);
    expect(draw([r], { sort_series_type: 'name', sort_series_ascending: true }).seriesNames).toEqual(['a', 'b']);
  });
});
