// box_plot: boxplot post-processing with whisker options; a box series and an outlier series per metric.
import { describe, expect, it } from 'vitest';
import { plugin } from '../../../../../shared/viz/box_plot/index';
import { boxplotOperator } from '../../../../../shared/viz/box_plot/buildQuery';
import { COUNT, T, result } from '../fixtures';
import { renderSvg } from '../render';

const fd = { viz_type: 'box_plot', datasource: '1__table', columns: ['Name'], groupby: ['Origin'], metrics: [COUNT], whiskerOptions: 'Tukey' };

describe('box_plot', () => {
  it('buildQuery: distribution columns then dimensions, boxplot step over the dimensions', () => {
    const q = plugin.buildQuery(fd).queries[0];
    expect(q.columns).toEqual(['Name', 'Origin']);
    expect(q.series_columns).toEqual(['Origin']);
    expect(q.post_processing).toEqual([{ operation: 'boxplot', options: { whisker_type: 'tukey', groupby: ['Origin'], metrics: ['count'] } }]);
  });
  it('whisker options: min/max and percentiles', () => {
    expect(boxplotOperator({ ...fd, whiskerOptions: 'Min/max (no outliers)' }).options).toMatchObject({ whisker_type: 'min/max' });
    expect(boxplotOperator({ ...fd, whiskerOptions: '9/91 percentiles' }).options).toMatchObject({ whisker_type: 'percentile', percentiles: [9, 91] });
    expect(() => boxplotOperator({ ...fd, whiskerOptions: 'bogus' })).toThrow('Unsupported whisker type: bogus');
  });
  it('transformProps: five-number boxes per group and the outliers', () => {
    const r = result(
      [['Origin', T.str], ['count__min', T.num], ['count__q1', T.num], ['count__median', T.num], ['count__q3', T.num], ['count__max', T.num], ['count__outliers', T.str]],
      [{ Origin: 'USA', count__min: 1, count__q1: 2, count__median: 3, count__q3: 4, count__max: 5, count__outliers: [9, 10] }],
    );
    const series = plugin.transformProps({ formData: fd, queriesData: [r], width: 1, height: 1 }).option.series as { type: string; data: unknown[] }[];
    expect(series[0]).toMatchObject({ type: 'boxplot', data: [{ name: 'USA', value: [1, 2, 3, 4, 5] }] });
    expect(series[1]).toMatchObject({ type: 'scatter', data: [['USA', 9], ['USA', 10]] });
  });
  it('the value axis is scaled to the data, not drawn from 0', () => {
    const r = result(
      [['Species', T.str], ['m__min', T.num], ['m__q1', T.num], ['m__median', T.num], ['m__q3', T.num], ['m__max', T.num], ['m__outliers', T.str]],
      [{ Species: 'Gentoo', m__min: 203, m__q1: 212, m__median: 216, m__q3: 221, m__max: 231, m__outliers: [] }],
    );
    const props = plugin.transformProps({ formData: { ...fd, groupby: ['Species'], metrics: ['m'] }, queriesData: [r], width: 400, height: 300 });
    const svg = renderSvg(props.option, 400, 300).svg;
    const ticks = [...svg.matchAll(/>(\d+)</g)].map((m) => Number(m[1]));
    expect(Math.min(...ticks)).toBeGreaterThan(150);
  });
});
