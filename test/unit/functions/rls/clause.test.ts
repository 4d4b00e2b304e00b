import { describe, expect, it } from 'vitest';
import { checkRlsClause } from '../../../../functions/rls/clause';
import { SupersetError } from '../../../../shared/errors';

const refused = async (engine: 'duckdb' | 'postgresql', clause: string) => {
  const error = await checkRlsClause(engine, clause).then(() => null, (e: unknown) => e);
  expect(error, clause).toBeInstanceOf(SupersetError);
  return (error as SupersetError).errorType;
};

describe('row level security clause check', () => {
  for (const engine of ['duckdb', 'postgresql'] as const) {
    it(`${engine}: one boolean expression passes, trimmed`, async () => {
      expect(await checkRlsClause(engine, `  "Origin" = 'Japan' AND "Cylinders" > 4 `)).toBe(`"Origin" = 'Japan' AND "Cylinders" > 4`);
      expect(await checkRlsClause(engine, `department = 'a--b'`)).toBe(`department = 'a--b'`);
    });

    it(`${engine}: escaping the parenthesis, stacking, sub-queries and comments are refused`, async () => {
      expect(await refused(engine, '1=1) OR (1=1')).toBe('INVALID_SQL_ERROR');
      expect(await refused(engine, '1=1; DROP TABLE cars')).toBe('INVALID_SQL_ERROR');
      expect(await refused(engine, '; DROP TABLE cars')).toBe('INVALID_SQL_ERROR');
      expect(await refused(engine, 'id IN (SELECT id FROM secrets)')).toBe('ADHOC_SUBQUERY_NOT_ALLOWED_ERROR');
      expect(await refused(engine, 'EXISTS (SELECT 1)')).toBe('ADHOC_SUBQUERY_NOT_ALLOWED_ERROR');
      expect(await refused(engine, "region = 'x' -- ")).toBe('INVALID_SQL_ERROR');
      expect(await refused(engine, "region = 'x' /* c */")).toBe('INVALID_SQL_ERROR');
      expect(await refused(engine, '1=1 UNION SELECT 1')).toBe('INVALID_SQL_ERROR');
      expect(await refused(engine, '')).toBe('INVALID_SQL_ERROR');
    });
  }
});
