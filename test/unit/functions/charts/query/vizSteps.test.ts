// The post-processing steps the viz plugins' buildQuery send are ones the compiler runs, with
// Superset's results: a one-metric timeseries is named by its dimension values; heatmaps get a rank.
import { describe, expect, it } from 'vitest';
import { OPERATIONS, postProcess } from '../../../../../functions/charts/query/postProcessing/index';
import { listPlugins, requirePlugin } from '../../../../../shared/viz/registry';
import { SAMPLES } from '../../../shared/viz/samples';

describe('viz plugins and the compiler agree on post-processing', () => {
  it('every operation a plugin asks for exists', () => {
    const asked = listPlugins().flatMap((p) => p.buildQuery(SAMPLES[p.vizType].formData).queries.flatMap((q) => (q.post_processing ?? []).map((s) => s?.operation)));
    expect(asked.filter((op) => op && !OPERATIONS[op])).toEqual([]);
  });
  it('timeseries with one metric and a dimension: pivot, rename level 0, flatten -> series named by value', () => {
    const fd = { viz_type: 'echarts_timeseries_line', datasource: '2__table', x_axis: 'date', metrics: ['m'], groupby: ['weather'] };
    const steps = requirePlugin('echarts_timeseries_line').buildQuery(fd).queries[0].post_processing!.filter((s) => s !== null);
    const out = postProcess(
      { columns: ['date', 'weather', 'm'], rows: [{ date: 1, weather: 'rain', m: 2 }, { date: 1, weather: 'sun', m: 3 }, { date: 2, weather: 'rain', m: 4 }] },
      steps,
      ['date'],
    );
    expect(out.columns).toEqual(['date', 'rain', 'sun']);
    expect(out.rows).toEqual([{ date: 1, rain: 2, sun: 3 }, { date: 2, rain: 4, sun: null }]);
  });
  it('time comparison with actual values renames the shifted metric to its offset', () => {
    const pivoted = postProcess(
      { columns: ['date', 'm, rain', 'm__1 year ago, rain'], rows: [{ date: 1, 'm, rain': 2, 'm__1 year ago, rain': 1 }] },
      [{ operation: 'rename', options: { columns: { 'm__1 year ago': '1 year ago', m: null }, level: 0, inplace: true } }],
    );
    expect(pivoted.columns).toEqual(['date', 'rain', '1 year ago, rain']);
  });
  it('rank: percentile rank of the metric, overall or per group (heatmap normalize across)', () => {
    const frame = { columns: ['x', 'y', 'm'], rows: [{ x: 'a', y: 'p', m: 10 }, { x: 'b', y: 'p', m: 30 }, { x: 'a', y: 'q', m: 20 }, { x: 'b', y: 'q', m: 20 }] };
    expect(postProcess(frame, [{ operation: 'rank', options: { metric: 'm' } }]).rows.map((r) => r.rank)).toEqual([0.25, 1, 0.625, 0.625]);
    expect(postProcess(frame, [{ operation: 'rank', options: { metric: 'm', group_by: 'y' } }]).rows.map((r) => r.rank)).toEqual([0.5, 1, 0.75, 0.75]);
  });
  it('rolling, cum and compare naming a metric apply to every pivoted column under it', () => {
    const frame = { columns: ['d', 'm, a', 'm, b', 'm__1 year ago, a'], rows: [{ d: 1, 'm, a': 1, 'm, b': 10, 'm__1 year ago, a': 2 }, { d: 2, 'm, a': 3, 'm, b': 20, 'm__1 year ago, a': 4 }] };
    const cum = postProcess(frame, [{ operation: 'cum', options: { operator: 'sum', columns: { m: 'm' } } }]);
    expect(cum.rows.map((r) => [r['m, a'], r['m, b']])).toEqual([[1, 10], [4, 30]]);
    const compared = postProcess(frame, [{ operation: 'compare', options: { source_columns: ['m'], compare_columns: ['m__1 year ago'], compare_type: 'difference', drop_original_columns: true } }]);
    expect(compared.columns).toEqual(['d', 'difference__m__m__1 year ago, a', 'difference__m__m__1 year ago, b']);
    expect(compared.rows.map((r) => r['difference__m__m__1 year ago, a'])).toEqual([-1, -1]);
    expect(compared.rows.map((r) => r['difference__m__m__1 year ago, b'])).toEqual([null, null]);
  });
});
