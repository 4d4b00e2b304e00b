// Export to Pivoted .CSV: the pivot as drawn (header, a row per row key, the totals row), raw numbers.
import { describe, expect, it } from 'vitest';
import { plugin } from '../../../../../shared/viz/pivot_table_v2/index';
import { pivotCsv, pivotCsvRows } from '../../../../../shared/viz/pivot_table_v2/pivotCsv';
import type { PivotProps } from '../../../../../shared/viz/types';
import { COUNT, T, result } from '../fixtures';

const fd = { viz_type: 'pivot_table_v2', datasource: '1__table', groupbyRows: ['Origin'], groupbyColumns: ['Cylinders'], metrics: [COUNT], order_desc: true };
const r = result(
  [['Origin', T.str], ['Cylinders', T.num], ['count', T.num]],
  [
    { Origin: 'USA', Cylinders: 8, count: 100 },
    { Origin: 'USA', Cylinders: 4, count: 70 },
    { Origin: 'Japan, Asia', Cylinders: 4, count: 60 },
  ],
);
const draw = (extra: Record<string, unknown> = {}) => plugin.transformProps({ formData: { ...fd, ...extra }, queriesData: [r], width: 1, height: 1 }) as PivotProps;

describe('pivoted CSV', () => {
  it('has the row field, one column per column key, a row per row key and the totals row; empty cells stay empty', () => {
    const rows = pivotCsvRows(draw({ colTotals: true }));
    expect(rows[0]).toEqual(['Origin', '4', '8']);
    expect(rows.slice(1)).toEqual([
      ['Japan, Asia', '60', ''],
      ['USA', '70', '100'],
      ['Total', '130', '100'],
    ]);
  });

  it('quotes cells holding commas, quotes or line breaks', () => {
    const text = pivotCsv(draw({ colTotals: false }));
    expect(text.split('\r\n')).toEqual(['Origin,4,8', '"Japan, Asia",60,', 'USA,70,100', '']);
  });
});
