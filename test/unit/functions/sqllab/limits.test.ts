import { describe, expect, it } from 'vitest';
import { dropdownLimit, finalFactor, findSqlLimit, planLimit, replaceLimit } from '../../../../functions/sqllab/limits';

const pg = { limitGrammar: 'postgresql' as const };

describe('row limits', () => {
  it('caps the dropdown by the server maximum; 0 or none means the maximum', () => {
    expect(dropdownLimit(1000, 100_000)).toBe(1000);
    expect(dropdownLimit(500_000, 100_000)).toBe(100_000);
    expect(dropdownLimit(0, 100_000)).toBe(100_000);
    expect(dropdownLimit(null, 100_000)).toBe(100_000);
  });

  it('names the limiting factor as Superset does', () => {
    expect(planLimit(1000, null)).toEqual({ limit: 1000, factor: 'DROPDOWN' });
    expect(planLimit(1000, 5000)).toEqual({ limit: 1000, factor: 'DROPDOWN' });
    expect(planLimit(1000, 10)).toEqual({ limit: 10, factor: 'QUERY' });
    expect(planLimit(1000, 1000)).toEqual({ limit: 1000, factor: 'QUERY_AND_DROPDOWN' });
    expect(finalFactor({ limit: 10, factor: 'QUERY' }, false)).toBe('NOT_LIMITED');
    expect(finalFactor({ limit: 10, factor: 'QUERY' }, true)).toBe('QUERY');
  });

  it("finds the last statement's LIMIT on the syntax tree and raises it by byte offsets", async () => {
    const sql = "SELECT 'é' AS x LIMIT 3; SELECT * FROM cars -- LIMIT 99\n LIMIT 10";
    const found = await findSqlLimit(sql, pg);
    expect(found?.value).toBe(10);
    expect(replaceLimit(sql, found!, 11)).toBe("SELECT 'é' AS x LIMIT 3; SELECT * FROM cars -- LIMIT 99\n LIMIT 11");
  });

  it('ignores limits it cannot use', async () => {
    expect(await findSqlLimit('SELECT * FROM cars', pg)).toBeNull();
    expect(await findSqlLimit('SELECT * FROM (SELECT * FROM cars LIMIT 5) t', pg)).toBeNull();
    expect(await findSqlLimit('SELECT * FROM cars LIMIT $1', pg)).toBeNull();
    expect(await findSqlLimit('SELECT * FROM cars LIMIT 5', { limitGrammar: null })).toBeNull();
    expect(await findSqlLimit('SELEC nonsense LIMIT 5', pg)).toBeNull();
  });
});
