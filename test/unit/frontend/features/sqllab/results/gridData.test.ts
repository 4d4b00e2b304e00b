import { describe, expect, it } from 'vitest';
import { fillWidths, formatCell, initialWidth, nextSort, sampleRowIndexes, toTsv, visibleRowIndexes } from '../../../../../../frontend/src/features/sqllab/results/gridData';
import type { ResultColumn } from '../../../../../../frontend/src/features/sqllab/state/types';

const cols: ResultColumn[] = [
  { column_name: 'name', type: 'VARCHAR', is_dttm: false, type_generic: 1 },
  { column_name: 'hp', type: 'BIGINT', is_dttm: false, type_generic: 0 },
  { column_name: 'at', type: 'TIMESTAMP', is_dttm: true, type_generic: 2 },
];
const rows = [
  { name: 'b, "quoted"', hp: 10, at: 0 },
  { name: 'a', hp: null, at: null },
  { name: 'c', hp: 2, at: 86_400_000 },
];

describe('results grid data', () => {
  it('formats cells by type', () => {
    expect(formatCell(null, cols[0])).toBe('NULL');
    expect(formatCell(86_400_000, cols[2])).toBe('1970-01-02 00:00:00');
    expect(formatCell({ a: 1 }, cols[0])).toBe('{"a":1}');
    expect(formatCell(3.5, cols[1])).toBe('3.5');
  });

  it('sorts numbers numerically with nulls last, and filters by search text', () => {
    expect(visibleRowIndexes(rows, cols, '', { column: 'hp', direction: 'asc' })).toEqual([2, 0, 1]);
    expect(visibleRowIndexes(rows, cols, '', { column: 'hp', direction: 'desc' })).toEqual([0, 2, 1]);
    expect(visibleRowIndexes(rows, cols, 'QUOT', null)).toEqual([0]);
    expect(visibleRowIndexes(rows, cols, '1970-01-02', null)).toEqual([2]);
  });

  it('header clicks cycle ascending, descending, unsorted', () => {
    const a = nextSort(null, 'hp');
    const d = nextSort(a, 'hp');
    expect([a?.direction, d?.direction, nextSort(d, 'hp')]).toEqual(['asc', 'desc', null]);
    expect(nextSort(d, 'name')).toEqual({ column: 'name', direction: 'asc' });
  });

  it('copies TSV for the clipboard', () => {
    expect(toTsv(rows, cols, [2], false)).toBe('c\t2\t1970-01-02 00:00:00');
  });

  it('sorts and filters 100,000 rows quickly', () => {
    const many = Array.from({ length: 100_000 }, (_, i) => ({ name: `n${i}`, hp: (i * 7919) % 1000, at: i }));
    const t = performance.now();
    const order = visibleRowIndexes(many, cols, '', { column: 'hp', direction: 'asc' });
    expect(order).toHaveLength(100_000);
    expect(many[order[0]].hp).toBe(0);
    expect(performance.now() - t).toBeLessThan(2000);
  });

  it('sizes columns to a sample of their content spread over all rows, and fills the pane when they need less', () => {
    const sample = sampleRowIndexes(100_000);
    expect(sample.slice(0, 3)).toEqual([0, 1, 2]);
    expect(sample.length).toBeLessThanOrEqual(201);
    expect(Math.max(...sample)).toBeGreaterThan(99_000);
    expect(sampleRowIndexes(10)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    // A long value deep in the rows widens its column.
    const deep = sampleRowIndexes(10_000).at(-1)!;
    expect(deep).toBeGreaterThan(9_000);
    const many = Array.from({ length: 10_000 }, (_, i) => ({ name: i === deep ? 'x'.repeat(30) : 'a', hp: 1, at: null }));
    expect(initialWidth(many, cols[0])).toBeGreaterThan(initialWidth(many.slice(0, 100), cols[0]));
    expect(fillWidths([100, 300], 800)).toEqual([200, 600]);
    expect(fillWidths([500, 600], 800)).toEqual([500, 600]);
    expect(fillWidths([], 800)).toEqual([]);
  });
});
