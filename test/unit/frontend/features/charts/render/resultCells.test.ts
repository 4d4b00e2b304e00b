// The results tables' cell text (Explore's data pane and View as table), and the data pane's search
// and copy over the same text.
import { describe, expect, it } from 'vitest';
import { cellText, searchRows, tabularText } from '../../../../../../frontend/src/features/charts/render/resultCells';

const COLS = ['date', 'origin', 'AVG(delay)'];
const TYPES = [2, 1, 0];
const ROWS = [
  { date: Date.UTC(2001, 0, 1), origin: 'SEA', 'AVG(delay)': 12.5 },
  { date: Date.UTC(2001, 1, 1, 6, 30), origin: 'LAX', 'AVG(delay)': null },
];

describe('cell text', () => {
  it('temporal columns read as UTC dates; other numbers, strings and nulls as they are', () => {
    expect(cellText(Date.UTC(2001, 1, 1, 6, 30), 2)).toBe('2001-02-01 06:30:00');
    expect(cellText('2001-02-01T00:00:00', 2)).toBe('2001-02-01 00:00:00');
    expect(cellText(978307200000, 0)).toBe('978307200000');
    expect(cellText(978307200000)).toBe('978307200000');
    expect(cellText(null, 2)).toBe('N/A');
    expect(cellText('SEA', 1)).toBe('SEA');
    expect(cellText({ a: 1 })).toBe('{"a":1}');
  });
});

describe("the data pane's search and copy read what the table shows", () => {
  it('search matches the shown date, case-insensitively; empty search keeps every row', () => {
    expect(searchRows(COLS, ROWS, '2001-02', TYPES)).toEqual([ROWS[1]]);
    expect(searchRows(COLS, ROWS, 'sea', TYPES)).toEqual([ROWS[0]]);
    expect(searchRows(COLS, ROWS, 'n/a', TYPES)).toEqual([ROWS[1]]);
    expect(searchRows(COLS, ROWS, '  ', TYPES)).toEqual(ROWS);
    // Without coltypes a date is its epoch number, so a date search finds nothing.
    expect(searchRows(COLS, ROWS, '2001-02')).toEqual([]);
  });
  it('copy is the header and rows, tab separated', () => {
    expect(tabularText(COLS, ROWS, TYPES)).toBe('date\torigin\tAVG(delay)\n2001-01-01 00:00:00\tSEA\t12.5\n2001-02-01 06:30:00\tLAX\tN/A');
  });
});
