// Expression checks on each engine's own parser: accepted expressions come back without comments;
// stacking, DML, non-expressions and sub-queries are typed errors.
import { describe, expect, it } from 'vitest';
import { SupersetError } from '../../../../../shared/errors';
import { checkExpression } from '../../../../../functions/charts/query/expressions';
import type { EngineKind } from '../../../../../functions/engines/types';

const ENGINES: EngineKind[] = ['duckdb', 'postgresql', 'awsathena'];

async function errorOf(promise: Promise<unknown>): Promise<SupersetError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof SupersetError) return error;
    throw error;
  }
  throw new Error('expected a SupersetError');
}

describe.each(ENGINES)('checkExpression on %s', (engine) => {
  it('accepts single expressions of every kind and strips comments', async () => {
    expect(await checkExpression(engine, 'SUM(price) /* total */', 'metric')).toBe('SUM(price)');
    expect(await checkExpression(engine, "CASE WHEN a > 1 THEN 'x' ELSE 'y' END -- label", 'column')).toBe("CASE WHEN a > 1 THEN 'x' ELSE 'y' END");
    expect(await checkExpression(engine, "origin = 'USA' AND hp > 100", 'where')).toBe("origin = 'USA' AND hp > 100");
    expect(await checkExpression(engine, 'COUNT(*) > 10', 'having')).toBe('COUNT(*) > 10');
    expect(await checkExpression(engine, "name = 'a;b'", 'where')).toBe("name = 'a;b'");
  });

  it('refuses statement stacking and DML', async () => {
    expect((await errorOf(checkExpression(engine, 'COUNT(*); DELETE FROM cars', 'metric'))).errorType).toBe('INVALID_SQL_ERROR');
    expect((await errorOf(checkExpression(engine, '1 = 1; DROP TABLE cars', 'where'))).errorType).toBe('INVALID_SQL_ERROR');
    expect((await errorOf(checkExpression(engine, 'DELETE FROM cars', 'where'))).errorType).toBe('INVALID_SQL_ERROR');
  });

  it('refuses what is not one expression', async () => {
    for (const [sql, kind] of [
      ['a, b', 'column'],
      ['a AS b', 'column'],
      ['1 = 1 GROUP BY a', 'where'],
      ['1 = 1 UNION SELECT password FROM users', 'where'],
      ['x FROM other_table', 'column'],
      ['1 = 1 ORDER BY 1', 'where'],
      ['SUM(', 'metric'],
      ['', 'metric'],
    ] as const) {
      const error = await errorOf(checkExpression(engine, sql, kind));
      expect(error.errorType, sql).toBe('INVALID_SQL_ERROR');
      expect(error.status).toBe(400);
    }
  });

  it('refuses sub-queries unless they are allowed', async () => {
    const sql = 'price > (SELECT AVG(price) FROM cars)';
    const error = await errorOf(checkExpression(engine, sql, 'where'));
    expect(error.errorType).toBe('ADHOC_SUBQUERY_NOT_ALLOWED_ERROR');
    expect(error.message).toBe('Custom SQL fields cannot contain sub-queries.');
    expect((await errorOf(checkExpression(engine, 'origin IN (SELECT origin FROM cars)', 'where'))).errorType).toBe('ADHOC_SUBQUERY_NOT_ALLOWED_ERROR');
    expect((await errorOf(checkExpression(engine, 'EXISTS (SELECT 1)', 'where'))).errorType).toBe('ADHOC_SUBQUERY_NOT_ALLOWED_ERROR');
    expect(await checkExpression(engine, sql, 'where', { allowSubquery: true })).toBe(sql);
  });
});

describe('engine-specific refusals', () => {
  it('refuses writing functions on PostgreSQL and DuckDB', async () => {
    expect((await errorOf(checkExpression('postgresql', "nextval('s')", 'column'))).errorType).toBe('DML_NOT_ALLOWED_ERROR');
    expect((await errorOf(checkExpression('duckdb', "nextval('s')", 'column'))).errorType).toBe('DML_NOT_ALLOWED_ERROR');
    expect((await errorOf(checkExpression('duckdb', "query('DELETE FROM t')", 'column'))).errorType).toBe('DML_NOT_ALLOWED_ERROR');
  });
});

describe('an expression ends where the engine ends it', () => {
  // PostgreSQL reads E'\'' as a string of one quote, so "-- '" is a comment that would swallow what the
  // compiler writes after the expression (the row level security clause among it).
  it.each(['postgresql', 'duckdb'] as const)('refuses a trailing comment hidden behind an escape string on %s', async (engine) => {
    const error = await errorOf(checkExpression(engine, "E'\\'' -- '", 'where'));
    expect(error.errorType).toBe('INVALID_SQL_ERROR');
    expect(error.status).toBe(400);
  });

  it.each(ENGINES)('refuses a fragment that closes the frame and opens another on %s', async (engine) => {
    for (const sql of ['1) OR (1', 'a), (b', "1 = 1) OR ('x' = 'x'"]) {
      expect((await errorOf(checkExpression(engine, sql, 'where'))).errorType, sql).toBe('INVALID_SQL_ERROR');
    }
  });
});

describe('DuckDB expressions call only what the SQL sandbox allows', () => {
  it.each([
    "current_setting('temp_directory')",
    "(SELECT content FROM read_blob('/etc/hostname'))",
    "(SELECT content FROM read_blob\f('/etc/hostname'))",
    '(SELECT path FROM duckdb_databases())',
    '(SELECT count(*) FROM duckdb_settings())',
  ])('refuses %s even where sub-queries are allowed', async (sql) => {
    const error = await errorOf(checkExpression('duckdb', sql, 'column', { allowSubquery: true }));
    expect(error.errorType).toBe('DML_NOT_ALLOWED_ERROR');
  });
});
