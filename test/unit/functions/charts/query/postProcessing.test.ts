// Every post-processing operation on small fixtures with results worked out by hand (pandas semantics
// as Superset uses them).
import { describe, expect, it } from 'vitest';
import { joinOffset, parseOffset, postProcess, type Frame } from '../../../../../functions/charts/query/postProcessing';
import { SupersetError } from '../../../../../shared/errors';

const day = (n: number) => Date.UTC(2024, 0, n);
const frame = (columns: string[], rows: unknown[][]): Frame => ({ columns, rows: rows.map((row) => Object.fromEntries(columns.map((c, i) => [c, row[i]]))) });
const run = (input: Frame, operation: string, options: Record<string, unknown> = {}, temporal: string[] = ['t']) => postProcess(input, [{ operation, options }], temporal);
const column = (result: Frame, name: string) => result.rows.map((row) => row[name]);

describe('pivot and flatten', () => {
  const long = frame(['t', 'c', 'v'], [[day(2), 'a', 3], [day(1), 'a', 1], [day(1), 'b', 2], [day(2), 'a', 5], [day(3), null, 7]]);

  it('names columns "metric, value", sorts the index and aggregates duplicates', () => {
    const result = postProcess(long, [{ operation: 'pivot', options: { index: ['t'], columns: ['c'], aggregates: { v: { operator: 'mean' } } } }, { operation: 'flatten' }]);
    expect(result.columns).toEqual(['t', 'v, <NULL>', 'v, a', 'v, b']);
    expect(result.rows).toEqual([
      { t: day(1), 'v, <NULL>': null, 'v, a': 1, 'v, b': 2 },
      { t: day(2), 'v, <NULL>': null, 'v, a': 4, 'v, b': null },
      { t: day(3), 'v, <NULL>': 7, 'v, a': null, 'v, b': null },
    ]);
  });

  it('drops all-empty columns only when asked and can put the value first', () => {
    const two = frame(['t', 'c', 'v', 'w'], [[day(1), 'a', 1, null]]);
    const kept = run(two, 'pivot', { index: ['t'], columns: ['c'], aggregates: { v: { operator: 'sum' }, w: { operator: 'max' } }, drop_missing_columns: false });
    expect(kept.columns).toEqual(['t', 'v, a', 'w, a']);
    const dropped = run(two, 'pivot', { index: ['t'], columns: ['c'], aggregates: { v: { operator: 'sum' }, w: { operator: 'max' } } });
    expect(dropped.columns).toEqual(['t', 'v, a']);
    const combined = run(two, 'pivot', { index: ['t'], columns: ['c'], aggregates: { v: { operator: 'sum' } }, combine_value_with_metric: true });
    expect(combined.columns).toEqual(['t', 'a, v']);
  });

  it('without pivot columns keeps the metric names', () => {
    expect(run(long, 'pivot', { index: ['t'], columns: [], aggregates: { v: { operator: 'sum' } } }).rows.map((r) => r.v)).toEqual([3, 8, 7]);
  });
});

describe('rolling, cum, diff', () => {
  const series = frame(['t', 'v'], [[day(1), 1], [day(2), 2], [day(3), 3], [day(4), 4]]);

  it('rolling mean, sum and std drop the rows before the first full window', () => {
    expect(column(run(series, 'rolling', { rolling_type: 'mean', window: 2, min_periods: 2, columns: { v: 'v' } }), 'v')).toEqual([1.5, 2.5, 3.5]);
    expect(column(run(series, 'rolling', { rolling_type: 'sum', window: 3, min_periods: 1, columns: { v: 's' } }), 's')).toEqual([1, 3, 6, 9]);
    expect(column(run(series, 'rolling', { rolling_type: 'std', window: 3, min_periods: 3, columns: { v: 'v' } }), 'v')).toEqual([1, 1]);
    expect(column(run(series, 'rolling', { rolling_type: 'cumsum', columns: { v: 'v' } }), 'v')).toEqual([1, 3, 6, 10]);
  });

  it('cum skips nulls and keeps them in place', () => {
    const gappy = frame(['t', 'v'], [[day(1), 2], [day(2), null], [day(3), 3], [day(4), 1]]);
    expect(column(run(gappy, 'cum', { operator: 'sum', columns: { v: 'v' } }), 'v')).toEqual([2, null, 5, 6]);
    expect(column(run(gappy, 'cum', { operator: 'prod', columns: { v: 'v' } }), 'v')).toEqual([2, null, 6, 6]);
    expect(column(run(gappy, 'cum', { operator: 'min', columns: { v: 'v' } }), 'v')).toEqual([2, null, 2, 1]);
    expect(column(run(gappy, 'cum', { operator: 'max', columns: { v: 'v' } }), 'v')).toEqual([2, null, 3, 3]);
  });

  it('diff subtracts the previous row', () => {
    expect(column(run(series, 'diff', { columns: { v: 'd' }, periods: 1 }), 'd')).toEqual([null, 1, 1, 1]);
  });

  it('refuses a bad rolling type or window', () => {
    expect(() => run(series, 'rolling', { rolling_type: 'wiggle', window: 2, columns: { v: 'v' } })).toThrow(SupersetError);
    expect(() => run(series, 'rolling', { rolling_type: 'mean', window: 0, columns: { v: 'v' } })).toThrow('Window must be > 0');
  });
});

describe('compare and contribution', () => {
  const pair = frame(['t', 'a', 'b'], [[day(1), 10, 8], [day(2), 6, 0]]);

  it('difference (absolute), percentage and ratio with Superset names', () => {
    const diff = run(pair, 'compare', { source_columns: ['a'], compare_columns: ['b'], compare_type: 'difference' });
    expect(column(diff, 'difference__a__b')).toEqual([2, 6]);
    expect(column(run(pair, 'compare', { source_columns: ['a'], compare_columns: ['b'], compare_type: 'absolute' }), 'difference__a__b')).toEqual([2, 6]);
    expect(column(run(pair, 'compare', { source_columns: ['a'], compare_columns: ['b'], compare_type: 'percentage' }), 'percentage__a__b')).toEqual([0.25, null]);
    const ratio = run(pair, 'compare', { source_columns: ['a'], compare_columns: ['b'], compare_type: 'ratio', drop_original_columns: true });
    expect(ratio.columns).toEqual(['t', 'ratio__a__b']);
    expect(column(ratio, 'ratio__a__b')).toEqual([1.25, null]);
  });

  it('contribution by row and by column', () => {
    const byRow = run(pair, 'contribution', { orientation: 'row' });
    expect(byRow.rows[0]).toEqual({ t: day(1), a: 10 / 18, b: 8 / 18 });
    const byColumn = run(pair, 'contribution', { orientation: 'column', columns: ['a'], rename_columns: ['a_share'] });
    expect(column(byColumn, 'a_share')).toEqual([10 / 16, 6 / 16]);
    expect(column(byColumn, 'a')).toEqual([10, 6]);
  });
});

describe('resample', () => {
  const sparse = frame(['t', 'v'], [[day(1), 1], [day(3), 3], [day(8), 8]]);

  it('asfreq fills missing days with fill_value; ffill and bfill carry values', () => {
    const asfreq = run(sparse, 'resample', { rule: '1D', method: 'asfreq', fill_value: 0 });
    expect(column(asfreq, 't')).toEqual([1, 2, 3, 4, 5, 6, 7, 8].map(day));
    expect(column(asfreq, 'v')).toEqual([1, 0, 3, 0, 0, 0, 0, 8]);
    expect(column(run(sparse, 'resample', { rule: '1D', method: 'ffill' }), 'v')).toEqual([1, 1, 3, 3, 3, 3, 3, 8]);
    expect(column(run(sparse, 'resample', { rule: '1D', method: 'bfill' }), 'v')).toEqual([1, 3, 3, 8, 8, 8, 8, 8]);
  });

  it('sum, mean and median per bin (7D from the first day, month end, year start)', () => {
    expect(run(sparse, 'resample', { rule: '7D', method: 'sum' }).rows).toEqual([{ t: day(1), v: 4 }, { t: day(8), v: 8 }]);
    const months = frame(['t', 'v'], [[day(1), 2], [day(20), 4], [Date.UTC(2024, 2, 5), 9]]);
    expect(run(months, 'resample', { rule: '1M', method: 'mean' }).rows).toEqual([
      { t: Date.UTC(2024, 0, 31), v: 3 },
      { t: Date.UTC(2024, 1, 29), v: null },
      { t: Date.UTC(2024, 2, 31), v: 9 },
    ]);
    expect(run(months, 'resample', { rule: '1AS', method: 'median' }).rows).toEqual([{ t: Date.UTC(2024, 0, 1), v: 4 }]);
    const hours = frame(['t', 'v'], [[day(1), 1], [day(1) + 150 * 60_000, 2]]);
    expect(column(run(hours, 'resample', { rule: '1H', method: 'sum' }), 'v')).toEqual([1, 0, 2]);
    expect(run(hours, 'resample', { rule: '1T', method: 'asfreq' }).rows.length).toBe(151);
  });

  it('refuses unknown rules and methods', () => {
    expect(() => run(sparse, 'resample', { rule: '3Q', method: 'sum' })).toThrow(/Invalid resample rule/);
    expect(() => run(sparse, 'resample', { rule: '1D', method: 'nearest' })).toThrow(/Invalid resample method/);
  });
});

describe('aggregate, sort, rename, select', () => {
  const cars = frame(['origin', 'hp'], [['USA', 100], ['Japan', 80], ['USA', 140], ['Japan', null]]);

  it('aggregate groups and applies named operators', () => {
    const result = run(cars, 'aggregate', { groupby: ['origin'], aggregates: { avg: { column: 'hp', operator: 'mean' }, n: { column: 'hp', operator: 'count' }, top: { column: 'hp', operator: 'max' } } });
    expect(result.rows).toEqual([{ origin: 'Japan', avg: 80, n: 1, top: 80 }, { origin: 'USA', avg: 120, n: 2, top: 140 }]);
  });

  it('sort by columns with directions, nulls last', () => {
    expect(column(run(cars, 'sort', { by: ['hp'], ascending: false }), 'hp')).toEqual([140, 100, 80, null]);
    expect(column(run(cars, 'sort', { columns: { origin: true, hp: false } }), 'hp')).toEqual([80, null, 140, 100]);
  });

  it('rename and select', () => {
    expect(run(cars, 'rename', { columns: { hp: 'horsepower' } }).columns).toEqual(['origin', 'horsepower']);
    expect(run(cars, 'select', { columns: ['hp'] }).rows[0]).toEqual({ hp: 100 });
  });
});

describe('histogram and boxplot', () => {
  it('histogram: equal-width bins labelled as Superset, per group, cumulative and normalised', () => {
    const values = frame(['g', 'x'], [['a', 1], ['a', 2], ['a', 2], ['b', 3], ['b', 4], ['b', 5]]);
    const plain = run(values, 'histogram', { column: 'x', bins: 2 });
    expect(plain.columns).toEqual(['1.0 - 3.0', '3.0 - 5.0']);
    expect(plain.rows).toEqual([{ '1.0 - 3.0': 3, '3.0 - 5.0': 3 }]);
    const grouped = run(values, 'histogram', { column: 'x', groupby: ['g'], bins: 2, cumulative: true, normalize: true });
    expect(grouped.rows).toEqual([{ g: 'a', '1.0 - 3.0': 1, '3.0 - 5.0': 1 }, { g: 'b', '1.0 - 3.0': 0, '3.0 - 5.0': 1 }]);
  });

  it('boxplot with tukey whiskers finds the outlier', () => {
    const values = frame(['x'], [1, 2, 3, 4, 5, 6, 7, 8, 9, 100].map((value) => [value]));
    const [row] = run(values, 'boxplot', { groupby: [], metrics: ['x'], whisker_type: 'tukey' }).rows;
    expect(row).toEqual({ x__mean: 14.5, x__median: 5.5, x__max: 9, x__min: 1, x__q1: 3.5, x__q3: 7.5, x__count: 10, x__outliers: [100] });
    const [minmax] = run(values, 'boxplot', { groupby: [], metrics: ['x'], whisker_type: 'min/max' }).rows;
    expect([minmax.x__min, minmax.x__max, minmax.x__outliers]).toEqual([1, 100, []]);
    expect(() => run(values, 'boxplot', { metrics: ['x'], whisker_type: 'percentile', percentiles: [90, 10] })).toThrow(/percentiles/);
  });
});

describe('time offsets', () => {
  it('parses the spec choices', () => {
    expect(['1 day ago', '1 week ago', '28 days ago', '30 days ago', '52 weeks ago', '1 year ago', '104 weeks ago', '2 years ago', '156 weeks ago', '3 years ago'].map(parseOffset)).toEqual([
      { amount: 1, unit: 'day' }, { amount: 1, unit: 'week' }, { amount: 28, unit: 'day' }, { amount: 30, unit: 'day' }, { amount: 52, unit: 'week' },
      { amount: 1, unit: 'year' }, { amount: 104, unit: 'week' }, { amount: 2, unit: 'year' }, { amount: 156, unit: 'week' }, { amount: 3, unit: 'year' },
    ]);
    expect(() => parseOffset('a while ago')).toThrow(SupersetError);
  });

  it('joins the shifted rows on the moved x axis and the dimensions', () => {
    const main = frame(['t', 'g', 'm'], [[Date.UTC(2024, 0, 1), 'a', 5], [Date.UTC(2024, 1, 1), 'a', 6], [Date.UTC(2024, 1, 1), 'b', 7]]);
    const shifted = frame(['t', 'g', 'm'], [[Date.UTC(2023, 0, 1), 'a', 1], [Date.UTC(2023, 1, 1), 'b', 2]]);
    const joined = joinOffset(main, shifted, { offset: '1 year ago', xAxis: 't', dimensions: ['g'], metrics: ['m'] });
    expect(joined.columns).toEqual(['t', 'g', 'm', 'm__1 year ago']);
    expect(column(joined, 'm__1 year ago')).toEqual([1, null, 2]);
  });
});

it('refuses an unknown operation', () => {
  expect(() => run(frame(['a'], []), 'prophet')).toThrow('Unsupported post processing operation: prophet');
});
