// PostgreSQL's chart SQL: time grains by date_trunc and date_bin (buckets aligned on the Unix epoch).
import { ansiChartParts, grainExpression, limitThenOffset, type ChartDialect, type GrainTemplates } from '../chartDialect';

const bin = (interval: string) => `date_bin('${interval}', CAST({col} AS TIMESTAMP), TIMESTAMP '1970-01-01 00:00:00')`;

export const POSTGRES_TIME_GRAINS: GrainTemplates = {
  PT1S: "DATE_TRUNC('second', {col})",
  PT5S: bin('5 seconds'),
  PT30S: bin('30 seconds'),
  PT1M: "DATE_TRUNC('minute', {col})",
  PT5M: bin('5 minutes'),
  PT10M: bin('10 minutes'),
  PT15M: bin('15 minutes'),
  PT30M: bin('30 minutes'),
  PT1H: "DATE_TRUNC('hour', {col})",
  PT6H: bin('6 hours'),
  P1D: "DATE_TRUNC('day', {col})",
  P7D: bin('7 days'),
  P1W: "DATE_TRUNC('week', {col})",
  '1969-12-28T00:00:00Z/P1W': "DATE_TRUNC('week', {col} + INTERVAL '1 day') - INTERVAL '1 day'",
  'P1W/1970-01-03T00:00:00Z': "DATE_TRUNC('week', {col} + INTERVAL '1 day') + INTERVAL '5 days'",
  P1M: "DATE_TRUNC('month', {col})",
  P3M: "DATE_TRUNC('quarter', {col})",
  P1Y: "DATE_TRUNC('year', {col})",
};

export const postgresChartDialect: ChartDialect = {
  ...ansiChartParts(),
  timeGrains: POSTGRES_TIME_GRAINS,
  timeGrainExpression: grainExpression(POSTGRES_TIME_GRAINS, 'PostgreSQL'),
  epochToTimestamp: (column, unit) =>
    unit === 'epoch_ms' ? `(TO_TIMESTAMP(${column} / 1000.0) AT TIME ZONE 'UTC')` : `(TO_TIMESTAMP(${column}) AT TIME ZONE 'UTC')`,
  limitOffset: limitThenOffset,
  regexMatch: (column, pattern) => `${column} ~ ${pattern}`,
  ilike: (column, pattern, negate) => `${column} ${negate ? 'NOT ILIKE' : 'ILIKE'} ${pattern}`,
};
