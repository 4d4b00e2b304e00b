// Table: aggregate and raw modes, percentage metrics, totals; props with formats and N/A for nulls.
import { describe, expect, it } from 'vitest';
import { plugin } from '../../../../../shared/viz/table/index';
import { isControlVisible, panelControls } from '../../../../../shared/viz/explore/index';
import { COUNT, T, empty, golden, result } from '../fixtures';

const agg = { viz_type: 'table', datasource: '1__table', query_mode: 'aggregate', groupby: ['Origin'], metrics: [COUNT], row_limit: 100, order_desc: true };

describe('table buildQuery', () => {
  it('aggregate mode groups by the dimensions and orders by the first metric descending (golden aggregate_group_by)', () => {
    const q = plugin.buildQuery(agg).queries[0];
    const g = golden.aggregate_group_by.request.queries[0];
    expect(q.columns).toEqual(g.columns);
    expect(q.metrics).toEqual(g.metrics);
    expect(q.orderby).toEqual(g.orderby);
    expect(q.row_limit).toBe(100);
  });
  it('percentage metrics add a contribution step renaming to %metric', () => {
    const q = plugin.buildQuery({ ...agg, percent_metrics: [COUNT] }).queries[0];
    expect(q.metrics).toEqual([COUNT]);
    expect(q.post_processing).toEqual([{ operation: 'contribution', options: { columns: ['count'], rename_columns: ['%count'] } }]);
  });
  it('Show summary adds a totals query without columns or limit', () => {
    const ctx = plugin.buildQuery({ ...agg, show_totals: true });
    expect(ctx.queries).toHaveLength(2);
    expect(ctx.queries[1]).toMatchObject({ columns: [], post_processing: [] });
    expect(ctx.queries[1].row_limit).toBeUndefined();
  });
  it('sort by a metric follows Sort descending', () => {
    const q = plugin.buildQuery({ ...agg, timeseries_limit_metric: COUNT, order_desc: false }).queries[0];
    expect(q.orderby).toEqual([[COUNT, true]]);
  });
  it('offers a time grain only with a temporal (or adhoc) dimension chosen, as Superset\'s table does', () => {
    const grain = panelControls(plugin.controlPanel).find((ctl) => ctl.name === 'time_grain_sqla')!;
    const lookup = { temporal_columns_lookup: { date: true } };
    expect(isControlVisible(grain, { ...agg, groupby: ['Origin'], ...lookup })).toBe(false);
    expect(isControlVisible(grain, { ...agg, groupby: ['Origin', 'date'], ...lookup })).toBe(true);
    expect(isControlVisible(grain, { ...agg, groupby: [{ sqlExpression: 'year(date)', label: 'y', expressionType: 'SQL' }], ...lookup })).toBe(true);
    expect(isControlVisible(grain, { ...agg, query_mode: 'raw', all_columns: ['date'], groupby: ['date'], ...lookup })).toBe(false);
  });
  it('temporal dimensions get the time grain', () => {
    const q = plugin.buildQuery({ ...agg, groupby: ['date'], time_grain_sqla: 'P1M', temporal_columns_lookup: { date: true } }).queries[0];
    expect(q.columns).toEqual([{ timeGrain: 'P1M', columnType: 'BASE_AXIS', sqlExpression: 'date', label: 'date', expressionType: 'SQL', isColumnReference: true }]);
  });
  it('raw mode selects columns, no metrics, ordered by the JSON ordering entries', () => {
    const q = plugin.buildQuery({ viz_type: 'table', datasource: '1__table', query_mode: 'raw', all_columns: ['Name', 'Origin'], order_by_cols: ['["Name", true]'] }).queries[0];
    expect(q).toMatchObject({ columns: ['Name', 'Origin'], metrics: [], orderby: [['Name', true]] });
  });
});

describe('table transformProps', () => {
  it('golden answer: a dimension column and a right-aligned metric column', () => {
    const props = plugin.transformProps({ formData: agg, queriesData: golden.aggregate_group_by.response.result, width: 600, height: 400 });
    expect(props.kind).toBe('table');
    expect(props.columns.map((c) => [c.key, c.isMetric, c.align])).toEqual([['Origin', false, 'left'], ['count', true, 'right']]);
    expect(props.rows).toHaveLength(3);
  });
  it('nulls show N/A; percentages .3%; temporal values with the timestamp format', () => {
    const r = result([['d', T.time], ['Origin', T.str], ['count', T.num], ['%count', T.num]], [{ d: Date.UTC(2020, 0, 2), Origin: null, count: null, '%count': 0.5 }]);
    const props = plugin.transformProps({ formData: { ...agg, percent_metrics: [COUNT], table_timestamp_format: '%Y-%m-%d' }, queriesData: [r], width: 1, height: 1 });
    const [d, origin, count, pct] = props.columns;
    expect(d.format(r.data![0].d)).toBe('2020-01-02');
    expect(origin.format(null)).toBe('N/A');
    expect(count.format(null)).toBe('N/A');
    expect(pct.isPercentMetric).toBe(true);
    expect(pct.format(0.5)).toBe('50.000%');
  });
  it('metrics without a format use the default number format (SMART_NUMBER), other numeric columns print as they are', () => {
    const r = result([['Cylinders', T.num], ['avg', T.num]], [{ Cylinders: 8, avg: 158.4537037037037 }]);
    const props = plugin.transformProps({ formData: { ...agg, groupby: ['Cylinders'], metrics: ['avg'] }, queriesData: [r], width: 1, height: 1 });
    const [cylinders, avg] = props.columns;
    expect(avg.format(158.4537037037037)).toBe('158.45');
    expect(avg.format(12345.678)).toBe('12.3k');
    expect(cylinders.format(1234.5)).toBe('1234.5');
  });
  it('empty results, a single row and 10k rows', () => {
    expect(plugin.transformProps({ formData: agg, queriesData: [empty([['Origin', T.str], ['count', T.num]])], width: 1, height: 1 }).rows).toEqual([]);
    const one = result([['Origin', T.str], ['count', T.num]], [{ Origin: 'USA', count: 1 }]);
    expect(plugin.transformProps({ formData: agg, queriesData: [one], width: 1, height: 1 }).rows).toHaveLength(1);
    const big = result([['Origin', T.str], ['count', T.num]], Array.from({ length: 10_000 }, (_, i) => ({ Origin: `o${i}`, count: i })));
    const props = plugin.transformProps({ formData: { ...agg, column_config: { count: { d3NumberFormat: ',d' } } }, queriesData: [big], width: 1, height: 1 });
    expect(props.rows).toHaveLength(10_000);
    expect(props.columns[1].format(9999)).toBe('9,999');
  });
  it('totals come from the second query when Show summary is on', () => {
    const totals = result([['count', T.num]], [{ count: 406 }]);
    const props = plugin.transformProps({ formData: { ...agg, show_totals: true }, queriesData: [golden.aggregate_group_by.response.result[0], totals], width: 1, height: 1 });
    expect(props.totals).toEqual({ count: 406 });
  });
  it('cross-filter: a click on a dimension cell emits an IN filter; again clears it', () => {
    const emitted = plugin.crossFilter!(agg, { column: 'Origin', row: { Origin: 'USA', count: 1 } });
    expect(emitted?.extraFormData.filters).toEqual([{ col: 'Origin', op: 'IN', val: ['USA'] }]);
    const cleared = plugin.crossFilter!(agg, { column: 'Origin', row: { Origin: 'USA' } }, { value: [['USA']] });
    expect(cleared).toEqual({ extraFormData: { filters: [] }, filterState: { value: null, selectedValues: null } });
    expect(plugin.crossFilter!(agg, { column: 'count', row: { count: 1 } })).toBeNull();
  });
});
