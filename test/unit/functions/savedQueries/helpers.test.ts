import { describe, expect, it } from 'vitest';
import { isoNaive, naturalTime } from '../../../../functions/savedQueries/humanize';
import { extractSqlTables } from '../../../../functions/savedQueries/sqlTables';

describe('naturalTime', () => {
  const now = Date.parse('2026-03-01T12:00:00Z');
  it.each([
    [0, 'now'],
    [1_000, 'a second ago'],
    [45_000, '45 seconds ago'],
    [60_000, 'a minute ago'],
    [5 * 60_000, '5 minutes ago'],
    [3_600_000, 'an hour ago'],
    [26 * 3_600_000, 'a day ago'],
    [3 * 86_400_000, '3 days ago'],
    [45 * 86_400_000, 'a month ago'],
    [800 * 86_400_000, '2 years ago'],
    [-120_000, '2 minutes from now'],
  ])('%i ms ago reads %j', (delta, text) => {
    expect(naturalTime(now - delta, now)).toBe(text);
  });

  it('formats naive UTC ISO text as Superset does', () => {
    expect(isoNaive(now)).toBe('2026-03-01T12:00:00.000');
  });
});

describe('extractSqlTables', () => {
  it('lists tables in text order, qualified as written, without CTE names or repeats', async () => {
    const sql = `WITH recent AS (SELECT * FROM sales.orders WHERE d > now())
      SELECT * FROM recent JOIN cat.dim.customers c ON true
      WHERE c.id IN (SELECT id FROM vip) AND EXISTS (SELECT 1 FROM sales.orders)`;
    expect(await extractSqlTables(sql)).toEqual([
      { catalog: null, schema: 'sales', table: 'orders' },
      { catalog: 'cat', schema: 'dim', table: 'customers' },
      { catalog: null, schema: null, table: 'vip' },
    ]);
  });

  it('lists nothing for SQL the parser cannot read', async () => {
    expect(await extractSqlTables('SELEC oops FROM')).toEqual([]);
  });
});
