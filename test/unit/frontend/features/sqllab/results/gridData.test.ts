import { describe, expect, it } from 'vitest';
import { formatCell, nextSort, toCsv, toTsv, visibleRowIndexes } from '../../../../../../frontend/src/features/sqllab/results/gridData';
import { crc32, sheetXml, toXlsx } from '../../../../../../frontend/src/features/sqllab/results/xlsx';
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

  it('exports CSV with quoting and empty nulls, and TSV for the clipboard', () => {
    expect(toCsv(rows, cols)).toBe('name,hp,at\r\n"b, ""quoted""",10,1970-01-01 00:00:00\r\na,,\r\nc,2,1970-01-02 00:00:00\r\n');
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

  it('writes an XLSX zip with numbers as numbers and text escaped', () => {
    expect(crc32(new TextEncoder().encode('123456789'))).toBe(0xcbf43926);
    const xml = sheetXml([{ name: '<a&b>', hp: 5, at: null }], cols);
    expect(xml).toContain('<c r="B2"><v>5</v></c>');
    expect(xml).toContain('&lt;a&amp;b&gt;');
    const zip = toXlsx(rows, cols);
    expect(new DataView(zip.buffer).getUint32(0, true)).toBe(0x04034b50);
    expect(new TextDecoder().decode(zip)).toContain('xl/worksheets/sheet1.xml');
  });
});
