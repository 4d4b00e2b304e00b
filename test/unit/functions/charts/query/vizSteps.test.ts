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
});
