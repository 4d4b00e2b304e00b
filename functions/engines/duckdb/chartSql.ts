// DuckDB's chart SQL: time grains by date_trunc and time_bucket (buckets aligned on the Unix epoch).
import { ansiChartParts, grainExpression, limitThenOffset, type ChartDialect, type GrainTemplates } from '../chartDialect';

const bucket = (interval: string) => `time_bucket(INTERVAL '${interval}', CAST({col} AS TIMESTAMP), TIMESTAMP '1970-01-01 00:00:00')`;

export const DUCKDB_TIME_GRAINS: GrainTemplates = {
  PT1S: "DATE_TRUNC('second', {col})",
  PT5S: bucket('5 seconds'),
  PT30S: bucket('30 seconds'),
  PT1M: "DATE_TRUNC('minute', {col})",
  PT5M: bucket('5 minutes'),
  PT10M: bucket('10 minutes'),
  PT15M: bucket('15 minutes'),
  PT30M: bucket('30 minutes'),
  PT1H: "DATE_TRUNC('hour', {col})",
  PT6H: bucket('6 hours'),
  P1D: "DATE_TRUNC('day', {col})",
  P7D: bucket('7 days'),
  P1W: "DATE_TRUNC('week', {col})",
  '1969-12-28T00:00:00Z/P1W': "DATE_TRUNC('week', {col} + INTERVAL '1 day') - INTERVAL '1 day'",
  'P1W/1970-01-03T00:00:00Z': "DATE_TRUNC('week', {col} + INTERVAL '1 day') + INTERVAL '5 days'",
  P1M: "DATE_TRUNC('month', {col})",
  P3M: "DATE_TRUNC('quarter', {col})",
  P1Y: "DATE_TRUNC('year', {col})",
};

export const duckdbChartDialect: ChartDialect = {
  ...ansiChartParts(),
  timeGrains: DUCKDB_TIME_GRAINS,
  timeGrainExpression: grainExpression(DUCKDB_TIME_GRAINS, 'DuckDB'),
  epochToTimestamp: (column, unit) =>
    unit === 'epoch_ms' ? `epoch_ms(CAST(${column} AS BIGINT))` : `make_timestamp(CAST(CAST(${column} AS DOUBLE) * 1000000 AS BIGINT))`,
  limitOffset: limitThenOffset,
  regexMatch: (column, pattern) => `regexp_matches(${column}, ${pattern})`,
  ilike: (column, pattern, negate) => `${column} ${negate ? 'NOT ILIKE' : 'ILIKE'} ${pattern}`,
};
