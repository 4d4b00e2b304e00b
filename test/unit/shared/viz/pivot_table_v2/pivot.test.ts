// pivot_table_v2: metrics by rows and columns, aggregation functions, totals, ordering, transpose.
import { describe, expect, it } from 'vitest';
import { plugin } from '../../../../../shared/viz/pivot_table_v2/index';
import { isControlVisible, panelControls } from '../../../../../shared/viz/explore/index';
import { COUNT, T, result } from '../fixtures';

const fd = { viz_type: 'pivot_table_v2', datasource: '1__table', groupbyRows: ['Origin'], groupbyColumns: ['Cylinders'], metrics: [COUNT], order_desc: true };
const r = result(
  [['Origin', T.str], ['Cylinders', T.num], ['count', T.num]],
  [
    { Origin: 'USA', Cylinders: 8, count: 100 },
    { Origin: 'USA', Cylinders: 4, count: 70 },
    { Origin: 'Japan', Cylinders: 4, count: 60 },
    { Origin: 'Europe', Cylinders: 4, count: 50 },
    { Origin: 'Europe', Cylinders: 6, count: null },
  ],
);
const draw = (extra: Record<string, unknown> = {}) => plugin.transformProps({ formData: { ...fd, ...extra }, queriesData: [r], width: 1, height: 1 });

describe('pivot_table_v2', () => {
  it('buildQuery: columns then rows as dimensions, ordered by the first metric descending', () => {
    const q = plugin.buildQuery(fd).queries[0];
    expect(q).toMatchObject({ columns: ['Cylinders', 'Origin'], metrics: [COUNT], orderby: [[COUNT, false]] });
  });
  it('offers Time Grain only once a temporal (or adhoc) column is among the rows or columns, as Superset does', () => {
    const grain = panelControls(plugin.controlPanel).find((ctl) => ctl.name === 'time_grain_sqla')!;
    const lookup = { temporal_columns_lookup: { date: true } };
    expect(isControlVisible(grain, { ...fd, ...lookup })).toBe(false);
    expect(isControlVisible(grain, { ...fd, groupbyRows: ['date'], ...lookup })).toBe(true);
    expect(isControlVisible(grain, { ...fd, groupbyColumns: ['date'], ...lookup })).toBe(true);
    expect(isControlVisible(grain, { ...fd, groupbyColumns: [{ sqlExpression: 'year(date)', label: 'y', expressionType: 'SQL' }], ...lookup })).toBe(true);
  });
  it('Rows or Columns must have a value', () => {
    const panel = plugin.controlPanel;
    const rows = panel.sections[0].controlSetRows.flat().find((c) => c.name === 'groupbyRows')!;
    expect(rows.validators![0]([], { viz_type: 'pivot_table_v2' })).toBe('Rows or Columns must have a value');
  });
  it('Sum cells, row and column totals, keys in a-z order', () => {
    const p = draw();
    expect(p.rowKeys).toEqual([['Europe'], ['Japan'], ['USA']]);
    expect(p.colKeys).toEqual([['4'], ['6'], ['8']]);
    expect(p.value(['USA'], ['4'], 'count')).toBe(70);
    expect(p.value(['USA'], [], 'count')).toBe(170);
    expect(p.value([], ['4'], 'count')).toBe(180);
    expect(p.value([], [], 'count')).toBe(280);
    expect(p.value(['Europe'], ['6'], 'count')).toBeNull();
    expect(p.value(['Japan'], ['8'], 'count')).toBeNull();
  });
  it('aggregation functions: Count, Average, Maximum, Sum as Fraction of Total (formatted as percent)', () => {
    expect(draw({ aggregateFunction: 'Count' }).value(['Europe'], [], 'count')).toBe(1);
    expect(draw({ aggregateFunction: 'Average' }).value([], ['4'], 'count')).toBe(60);
    expect(draw({ aggregateFunction: 'Maximum' }).value([], [], 'count')).toBe(100);
    const frac = draw({ aggregateFunction: 'Sum as Fraction of Total' });
    expect(frac.value(['USA'], [], 'count')).toBeCloseTo(170 / 280);
    expect(frac.format(0.5)).toBe('50.0%');
  });
  it('value descending ordering and transpose', () => {
    expect(draw({ rowOrder: 'value_z_to_a' }).rowKeys).toEqual([['USA'], ['Japan'], ['Europe']]);
    const t = draw({ transposePivot: true });
    expect([t.rowFields, t.colFields]).toEqual([['Cylinders'], ['Origin']]);
  });
  it('temporal rows keep date order and are labelled by their grain, not as bare month names in a-z order', () => {
    const month = (m: number) => Date.UTC(2013, m, 1);
    const monthly = result(
      [['date', T.time], ['count', T.num]],
      [11, 0, 3, 7, 1].map((m) => ({ date: month(m), count: m + 1 })).concat([{ date: Date.UTC(2014, 0, 1), count: 13 }]),
    );
    const p = plugin.transformProps({
      formData: { ...fd, groupbyRows: ['date'], groupbyColumns: [], time_grain_sqla: 'P1M', date_format: 'smart_date' },
      queriesData: [monthly],
      width: 1,
      height: 1,
    });
    expect(p.rowKeys).toEqual([['2013-01'], ['2013-02'], ['2013-04'], ['2013-08'], ['2013-12'], ['2014-01']]);
    expect(p.value(['2013-12'], [], 'count')).toBe(12);
  });
});
