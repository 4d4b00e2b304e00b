// Chart SQL of every engine dialect: each time grain run on a real DuckDB and a real PostgreSQL (Trino's
// parsed by its grammar), literals quoted, limit/offset, ordering and the adhoc aggregates.
import pg from 'pg';
import { DuckDBInstance, type DuckDBConnection } from '@duckdb/node-api';
import { TrinoSQL } from 'dt-sql-parser/dist/parser/trino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TIME_GRAINS, type TimeGrain } from '../../../../shared/schemas/chartData';
import { DIALECTS } from '../../../../functions/engines/dialects';
import { startPostgres, type TestPostgres } from '../../../support/postgres';

// A Saturday afternoon: every grain gives a different answer.
const INSTANT = '2024-03-16 13:47:53.250';
const EXPECTED: Record<TimeGrain, string> = {
  PT1S: '2024-03-16 13:47:53',
  PT5S: '2024-03-16 13:47:50',
  PT30S: '2024-03-16 13:47:30',
  PT1M: '2024-03-16 13:47:00',
  PT5M: '2024-03-16 13:45:00',
  PT10M: '2024-03-16 13:40:00',
  PT15M: '2024-03-16 13:45:00',
  PT30M: '2024-03-16 13:30:00',
  PT1H: '2024-03-16 13:00:00',
  PT6H: '2024-03-16 12:00:00',
  P1D: '2024-03-16 00:00:00',
  P7D: '2024-03-14 00:00:00', // 7-day buckets from 1970-01-01, a Thursday
  P1W: '2024-03-11 00:00:00',
  '1969-12-28T00:00:00Z/P1W': '2024-03-10 00:00:00',
  'P1W/1970-01-03T00:00:00Z': '2024-03-16 00:00:00',
  P1M: '2024-03-01 00:00:00',
  P3M: '2024-01-01 00:00:00',
  P1Y: '2024-01-01 00:00:00',
};

describe('time grains', () => {
  let duck: DuckDBConnection;
  let postgres: TestPostgres;
  let client: pg.Client;

  beforeAll(async () => {
    duck = await (await DuckDBInstance.create(':memory:')).connect();
    postgres = await startPostgres();
    client = new pg.Client({ connectionString: postgres.uri });
    await client.connect();
  }, 120_000);
  afterAll(async () => {
    await client?.end();
    await postgres?.stop();
  });

  it.each(TIME_GRAINS)('%s truncates alike on DuckDB and PostgreSQL and parses on Athena', async (grain) => {
    const duckSql = DIALECTS.duckdb.timeGrainExpression(grain, `TIMESTAMP '${INSTANT}'`);
    const duckValue = (await duck.runAndReadAll(`SELECT strftime(CAST(${duckSql} AS TIMESTAMP), '%Y-%m-%d %H:%M:%S')`)).getRows()[0][0];
    expect(duckValue).toBe(EXPECTED[grain]);

    const pgSql = DIALECTS.postgresql.timeGrainExpression(grain, `TIMESTAMP '${INSTANT}'`);
    const pgValue = (await client.query(`SELECT to_char(${pgSql}, 'YYYY-MM-DD HH24:MI:SS') AS v`)).rows[0].v;
    expect(pgValue).toBe(EXPECTED[grain]);

    const athenaSql = DIALECTS.awsathena.timeGrainExpression(grain, '"ts"');
    expect(new TrinoSQL().validate(`SELECT ${athenaSql} FROM events`)).toEqual([]);
  });

  it('truncates DATE columns too (DuckDB)', async () => {
    const sql = DIALECTS.duckdb.timeGrainExpression('P1W', "DATE '2024-03-16'");
    expect((await duck.runAndReadAll(`SELECT strftime(CAST(${sql} AS TIMESTAMP), '%Y-%m-%d')`)).getRows()[0][0]).toBe('2024-03-11');
  });

  it('converts epoch columns on DuckDB and PostgreSQL', async () => {
    const s = DIALECTS.duckdb.epochToTimestamp('1710596873', 'epoch_s');
    const ms = DIALECTS.duckdb.epochToTimestamp('1710596873250', 'epoch_ms');
    expect((await duck.runAndReadAll(`SELECT strftime(${s}, '%Y-%m-%d %H:%M:%S'), strftime(${ms}, '%Y-%m-%d %H:%M:%S')`)).getRows()[0]).toEqual([
      '2024-03-16 13:47:53',
      '2024-03-16 13:47:53',
    ]);
    const pgS = DIALECTS.postgresql.epochToTimestamp('1710596873', 'epoch_s');
    expect((await client.query(`SELECT to_char(${pgS}, 'YYYY-MM-DD HH24:MI:SS') AS v`)).rows[0].v).toBe('2024-03-16 13:47:53');
  });

  it('quotes string literals so they round-trip on both engines', async () => {
    const nasty = "O'Brien \\ ; -- /* */ $$";
    for (const engine of ['duckdb', 'postgresql'] as const) {
      const sql = `SELECT ${DIALECTS[engine].literal(nasty)} AS v`;
      const value = engine === 'duckdb' ? (await duck.runAndReadAll(sql)).getRows()[0][0] : (await client.query(sql)).rows[0].v;
      expect(value).toBe(nasty);
    }
  });
});

describe('literals, limits, ordering, aggregates', () => {
  it('writes literals and refuses values that are not scalars', () => {
    const d = DIALECTS.duckdb;
    expect(d.literal(3.5)).toBe('3.5');
    expect(d.literal(true)).toBe('TRUE');
    expect(d.literal(null)).toBe('NULL');
    expect(() => d.literal(Number.NaN)).toThrow(/finite/);
    expect(() => d.literal({ a: 1 })).toThrow(/strings, numbers/);
    expect(d.dateLiteral(new Date(Date.UTC(2013, 0, 1)))).toBe("DATE '2013-01-01'");
    expect(d.datetimeLiteral(new Date(Date.UTC(2013, 0, 1, 5, 6, 7, 8)))).toBe("TIMESTAMP '2013-01-01 05:06:07.008000'");
  });

  it('puts OFFSET before LIMIT on Athena only', () => {
    expect(DIALECTS.duckdb.limitOffset(10, 20)).toBe(' LIMIT 10 OFFSET 20');
    expect(DIALECTS.postgresql.limitOffset(10, 0)).toBe(' LIMIT 10');
    expect(DIALECTS.awsathena.limitOffset(10, 20)).toBe(' OFFSET 20 LIMIT 10');
    expect(DIALECTS.duckdb.limitOffset(null, null)).toBe('');
  });

  it('orders with nulls last and spells the adhoc aggregates', () => {
    expect(DIALECTS.postgresql.orderItem('"x"', false)).toBe('"x" DESC NULLS LAST');
    expect(DIALECTS.duckdb.aggregate('COUNT_DISTINCT', 'a')).toBe('COUNT(DISTINCT a)');
    expect(DIALECTS.awsathena.aggregate('AVG', 'a')).toBe('AVG(a)');
    expect(DIALECTS.awsathena.ilike('a', "'x%'", false)).toBe("LOWER(a) LIKE LOWER('x%')");
    expect(DIALECTS.postgresql.regexMatch('a', "'^x'")).toBe("a ~ '^x'");
  });

  it('refuses an unknown time grain with a typed error', () => {
    expect(() => DIALECTS.duckdb.timeGrainExpression('P2W', 'a')).toThrow(/No such time grain/);
    expect(DIALECTS.duckdb.timeGrainExpression(null, 'a')).toBe('a');
  });
});
