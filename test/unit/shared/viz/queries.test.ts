// buildQuery of the "metric by dimensions", heatmap, histogram, bubble, radar, sankey and graph types,
// as Superset's buildQuery produces them.
import { describe, expect, it } from 'vitest';
import { requirePlugin } from '../../../../shared/viz/registry';
import { COUNT } from './fixtures';

const q = (vizType: string, fd: Record<string, unknown>) => requirePlugin(vizType).buildQuery({ viz_type: vizType, datasource: '1__table', ...fd }).queries;

describe('one metric by dimensions: metric + groupby with row_limit and sort', () => {
  it.each(['funnel', 'gauge_chart', 'treemap_v2'])('%s', (vizType) => {
    const [query] = q(vizType, { groupby: ['Origin', 'Cylinders'], metric: COUNT, row_limit: 10 });
    expect(query).toMatchObject({ columns: ['Origin', 'Cylinders'], metrics: [COUNT], orderby: [[COUNT, false]], row_limit: 10 });
  });
  it('sunburst: hierarchy columns, metric and secondary metric', () => {
    const [query] = q('sunburst_v2', { columns: ['a', 'b'], metric: COUNT, secondary_metric: 'avg_x', sort_by_metric: false });
    expect(query).toMatchObject({ columns: ['a', 'b'], metrics: [COUNT, 'avg_x'], orderby: [] });
  });
});

describe('heatmap: x axis, y column, axis sorts and a rank step', () => {
  it('normalizes across y', () => {
    const [query] = q('heatmap_v2', { x_axis: 'date', time_grain_sqla: 'P1W', groupby: 'weather', metric: COUNT, sort_x_axis: 'alpha_asc', sort_y_axis: 'value_desc', normalize_across: 'y' });
    expect(query.columns).toEqual([{ timeGrain: 'P1W', columnType: 'BASE_AXIS', sqlExpression: 'date', label: 'date', expressionType: 'SQL' }, 'weather']);
    expect(query.orderby).toEqual([[query.columns![0], true], [COUNT, false]]);
    expect(query.post_processing).toEqual([{ operation: 'rank', options: { metric: 'count', group_by: 'weather' } }]);
  });
});

describe('histogram: raw column values binned by a histogram step', () => {
  it('has no metrics and passes bins, cumulative and normalize', () => {
    const [query] = q('histogram_v2', { column: 'Horsepower', groupby: ['Origin'], bins: 10, normalize: true });
    expect(query.metrics).toBeUndefined();
    expect(query.columns).toEqual(['Origin', 'Horsepower']);
    expect(query.post_processing).toEqual([{ operation: 'histogram', options: { column: 'Horsepower', groupby: ['Origin'], bins: 10, cumulative: false, normalize: true } }]);
  });
});

describe('bubble: x, y and size metrics per entity and series', () => {
  it('orders by the sort metric', () => {
    const [query] = q('bubble_v2', { entity: 'Name', series: 'Origin', x: 'avg_hp', y: 'avg_mpg', size: COUNT, orderby: COUNT, order_desc: true });
    expect(query).toMatchObject({ columns: ['Name', 'Origin'], metrics: ['avg_hp', 'avg_mpg', COUNT], orderby: [[COUNT, false]] });
  });
});

describe('radar, sankey and graph', () => {
  it('radar orders by the sort metric, else the first metric', () => {
    expect(q('radar', { groupby: ['Origin'], metrics: [COUNT, 'x'] })[0].orderby).toEqual([[COUNT, false]]);
    expect(q('radar', { groupby: ['Origin'], metrics: [COUNT], timeseries_limit_metric: 'x' })[0].orderby).toEqual([['x', false]]);
  });
  it('sankey groups by source and target', () => {
    expect(q('sankey_v2', { source: 'a', target: 'b', metric: COUNT })[0]).toMatchObject({ columns: ['a', 'b'], metrics: [COUNT] });
  });
  it('graph groups by source, target and categories', () => {
    expect(q('graph_chart', { source: 'a', target: 'b', source_category: 'c', metric: COUNT })[0].columns).toEqual(['a', 'b', 'c']);
  });
});
