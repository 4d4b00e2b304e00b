// Cross-filter emission per plugin: which click emits which filter (dashboards apply the data mask).
import { describe, expect, it } from 'vitest';
import { requirePlugin, listPlugins } from '../../../../shared/viz/registry';
import { emitFilter, seriesDimensionValues } from '../../../../shared/viz/crossFilter';
import { COUNT, SUM_PRECIP } from './fixtures';

const emit = (vizType: string, fd: Record<string, unknown>, point: Record<string, unknown>) =>
  requirePlugin(vizType).crossFilter!({ viz_type: vizType, ...fd }, point)?.extraFormData.filters;

describe('cross-filter emission', () => {
  it('timeseries: a series click filters by its dimension values (several dimensions, several metrics)', () => {
    expect(emit('echarts_timeseries_line', { metrics: [SUM_PRECIP], groupby: ['weather', 'city'] }, { seriesName: 'rain, Paris' })).toEqual([
      { col: 'weather', op: 'IN', val: ['rain'] },
      { col: 'city', op: 'IN', val: ['Paris'] },
    ]);
    expect(seriesDimensionValues({ viz_type: 'x', metrics: [SUM_PRECIP, COUNT], groupby: ['weather'] }, 'SUM(precipitation), sun')).toEqual(['sun']);
    expect(requirePlugin('echarts_timeseries_bar').crossFilter!({ viz_type: 'echarts_timeseries_bar', groupby: [] }, { seriesName: 'count' })).toBeNull();
  });
  it('a null dimension value filters with IS NULL', () => {
    expect(emitFilter(['weather'], [[null]]).extraFormData.filters).toEqual([{ col: 'weather', op: 'IS NULL' }]);
  });
  it('pie, funnel, gauge, radar, box plot, word cloud: a slice or item click filters by its name', () => {
    expect(emit('funnel', { groupby: ['Origin'] }, { name: 'USA' })).toEqual([{ col: 'Origin', op: 'IN', val: ['USA'] }]);
    expect(emit('gauge_chart', { groupby: ['Origin', 'Cylinders'] }, { name: 'USA, 8' })).toEqual([
      { col: 'Origin', op: 'IN', val: ['USA'] },
      { col: 'Cylinders', op: 'IN', val: ['8'] },
    ]);
    expect(emit('word_cloud', { series: 'Name' }, { name: 'ford' })).toEqual([{ col: 'Name', op: 'IN', val: ['ford'] }]);
    expect(emit('pie', { groupby: ['Origin'] }, { name: '<NULL>' })).toEqual([{ col: 'Origin', op: 'IS NULL' }]);
  });
  it('treemap and sunburst: a node filters by the dimension values on its path', () => {
    expect(emit('treemap_v2', { groupby: ['Origin', 'Cylinders'] }, { path: ['USA'] })).toEqual([{ col: 'Origin', op: 'IN', val: ['USA'] }]);
    expect(emit('sunburst_v2', { columns: ['Origin', 'Cylinders'] }, { path: ['USA', '8'] })).toEqual([
      { col: 'Origin', op: 'IN', val: ['USA'] },
      { col: 'Cylinders', op: 'IN', val: ['8'] },
    ]);
  });
  it('the filter state carries the selection and a label; clicking it again clears', () => {
    const first = requirePlugin('pie').crossFilter!({ viz_type: 'pie', groupby: ['Origin'] }, { name: 'USA' })!;
    expect(first.filterState).toMatchObject({ value: [['USA']], label: 'USA' });
    const again = requirePlugin('pie').crossFilter!({ viz_type: 'pie', groupby: ['Origin'] }, { name: 'USA' }, first.filterState);
    expect(again).toEqual({ extraFormData: { filters: [] }, filterState: { value: null, selectedValues: null } });
  });
  it('types without dimension clicks emit none', () => {
    const without = listPlugins().filter((p) => !p.crossFilter).map((p) => p.vizType);
    expect(without).toEqual(expect.arrayContaining(['big_number_total', 'big_number', 'heatmap_v2', 'bubble_v2', 'sankey_v2', 'graph_chart']));
  });
});
