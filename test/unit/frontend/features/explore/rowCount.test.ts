// The query-limit label above the chart: the rows the query returned and "Limit reached" when that is
// the row limit (spec §9: row limit choices and maximum; Superset's RowCountLabel).
import { describe, expect, it } from 'vitest';
import { rowCountSummary } from '../../../../../frontend/src/features/explore/components/rowCount';

describe('row count and the row limit', () => {
  it('counts the rows the SQL returned, before post-processing', () => {
    expect(rowCountSummary([{ rowcount: 12, sql_rowcount: 36 }], { viz_type: 'echarts_timeseries_line', row_limit: 1000 })).toEqual({ rows: 36, text: '36 rows', limitReached: false });
    expect(rowCountSummary([{ rowcount: 1 }], { viz_type: 'table' })).toEqual({ rows: 1, text: '1 row', limitReached: false });
  });
  it('the limit is reached when the rows equal the row limit', () => {
    expect(rowCountSummary([{ rowcount: 10000, sql_rowcount: 10000 }], { viz_type: 'table', row_limit: 10000 })).toEqual({ rows: 10000, text: '10,000 rows', limitReached: true });
    expect(rowCountSummary([{ sql_rowcount: 9999 }], { viz_type: 'table', row_limit: '10000' })?.limitReached).toBe(false);
  });
  it('no answer or no count: no label; no row limit: never reached', () => {
    expect(rowCountSummary([], { viz_type: 'table' })).toBeNull();
    expect(rowCountSummary([{}], { viz_type: 'table' })).toBeNull();
    expect(rowCountSummary([{ rowcount: 1 }], null)?.limitReached).toBe(false);
  });
});
