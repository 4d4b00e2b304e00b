// Pie: metric + groupby with row_limit and sort; slices, labels over the threshold.
import { describe, expect, it } from 'vitest';
import { plugin } from '../../../../../shared/viz/pie/index';
import { COUNT, T, categoryRows, empty, golden, result } from '../fixtures';

const fd = { viz_type: 'pie', datasource: '1__table', groupby: ['Origin'], metric: COUNT, row_limit: 100, sort_by_metric: true };
type PieSeries = { data: { name: string; value: number }[]; label: { formatter: (p: unknown) => string }; radius: string[] };
const pie = (props: ReturnType<typeof plugin.transformProps>) => (props.option.series as PieSeries[])[0];

describe('pie buildQuery: metric + groupby with row_limit and sort', () => {
  it('matches the golden aggregate request', () => {
    const q = plugin.buildQuery(fd).queries[0];
    const g = golden.aggregate_group_by.request.queries[0];
    expect([q.columns, q.metrics, q.orderby, q.row_limit]).toEqual([g.columns, g.metrics, g.orderby, 100]);
  });
  it('no ordering when Sort by metric is off', () => {
    expect(plugin.buildQuery({ ...fd, sort_by_metric: false }).queries[0].orderby).toEqual([]);
  });
});

describe('pie transformProps', () => {
  it('one slice per dimension value of the golden answer', () => {
    const props = plugin.transformProps({ formData: fd, queriesData: golden.aggregate_group_by.response.result, width: 400, height: 400 });
    expect(pie(props).data).toEqual([
      expect.objectContaining({ name: 'USA', value: 254 }),
      expect.objectContaining({ name: 'Japan', value: 79 }),
      expect.objectContaining({ name: 'Europe', value: 73 }),
    ]);
  });
  it('labels by label type, hidden below the percentage threshold', () => {
    const props = plugin.transformProps({ formData: { ...fd, label_type: 'key_percent', show_labels_threshold: 20 }, queriesData: golden.aggregate_group_by.response.result, width: 1, height: 1 });
    const f = pie(props).label.formatter;
    expect(f({ name: 'USA', value: 254 })).toBe('USA: 62.56%');
    expect(f({ name: 'Europe', value: 73 })).toBe('');
  });
  it('donut radius; nulls named <NULL> and counted as 0', () => {
    const r = result([['Origin', T.str], ['count', T.num]], [{ Origin: null, count: null }]);
    const props = plugin.transformProps({ formData: { ...fd, donut: true, innerRadius: 40, outerRadius: 80 }, queriesData: [r], width: 1, height: 1 });
    expect(pie(props).radius).toEqual(['40%', '80%']);
    expect(pie(props).data[0]).toMatchObject({ name: '<NULL>', value: 0 });
  });
  it('empty results, a single row and 10k rows', () => {
    expect(pie(plugin.transformProps({ formData: fd, queriesData: [empty([['Origin', T.str]])], width: 1, height: 1 })).data).toEqual([]);
    expect(pie(plugin.transformProps({ formData: fd, queriesData: [categoryRows(1, ['Origin'], 'count')], width: 1, height: 1 })).data).toHaveLength(1);
    expect(pie(plugin.transformProps({ formData: fd, queriesData: [categoryRows(10_000, ['Origin'], 'count')], width: 1, height: 1 })).data).toHaveLength(10_000);
  });
  it('cross-filter: a slice click emits its dimension values', () => {
    expect(plugin.crossFilter!(fd, { name: 'USA' })?.extraFormData.filters).toEqual([{ col: 'Origin', op: 'IN', val: ['USA'] }]);
  });
  it('Show Total writes the total in the middle (a title, drawn by the browser and SSR alike)', () => {
    const props = plugin.transformProps({ formData: { ...fd, show_total: true, number_format: ',d' }, queriesData: golden.aggregate_group_by.response.result, width: 1, height: 1 });
    expect(props.option.title).toMatchObject({ text: 'Total: 406' });
  });
});
