// Athena (Trino) chart SQL: date_trunc plus date_add arithmetic for the sub-unit grains, OFFSET before
// LIMIT, no ILIKE (lower-cased LIKE instead).
import { ansiChartParts, grainExpression, type ChartDialect, type GrainTemplates } from '../chartDialect';

// Buckets of n units inside the next larger unit (5 s inside a minute, 6 h inside a day).
const within = (unit: string, size: number, outer: string) =>
  `date_add('${unit}', CAST(FLOOR(${unit}(CAST({col} AS TIMESTAMP)) / ${size}) * ${size} AS BIGINT), date_trunc('${outer}', CAST({col} AS TIMESTAMP)))`;

export const ATHENA_TIME_GRAINS: GrainTemplates = {
  PT1S: "date_trunc('second', CAST({col} AS TIMESTAMP))",
  PT5S: within('second', 5, 'minute'),
  PT30S: within('second', 30, 'minute'),
  PT1M: "date_trunc('minute', CAST({col} AS TIMESTAMP))",
  PT5M: within('minute', 5, 'hour'),
  PT10M: within('minute', 10, 'hour'),
  PT15M: within('minute', 15, 'hour'),
  PT30M: within('minute', 30, 'hour'),
  PT1H: "date_trunc('hour', CAST({col} AS TIMESTAMP))",
  PT6H: within('hour', 6, 'day'),
  P1D: "date_trunc('day', CAST({col} AS TIMESTAMP))",
  P7D: "date_add('day', -CAST(MOD(MOD(date_diff('day', DATE '1970-01-01', CAST({col} AS DATE)), 7) + 7, 7) AS BIGINT), date_trunc('day', CAST({col} AS TIMESTAMP)))",
  P1W: "date_trunc('week', CAST({col} AS TIMESTAMP))",
  '1969-12-28T00:00:00Z/P1W': "date_add('day', -1, date_trunc('week', date_add('day', 1, CAST({col} AS TIMESTAMP))))",
  'P1W/1970-01-03T00:00:00Z': "date_add('day', 5, date_trunc('week', date_add('day', 1, CAST({col} AS TIMESTAMP))))",
  P1M: "date_trunc('month', CAST({col} AS TIMESTAMP))",
  P3M: "date_trunc('quarter', CAST({col} AS TIMESTAMP))",
  P1Y: "date_trunc('year', CAST({col} AS TIMESTAMP))",
};

const count = (value: number | null | undefined) => (value === null || value === undefined ? null : Math.max(0, Math.floor(value)));

export const athenaChartDialect: ChartDialect = {
  ...ansiChartParts(),
  timeGrains: ATHENA_TIME_GRAINS,
  timeGrainExpression: grainExpression(ATHENA_TIME_GRAINS, 'Amazon Athena'),
  epochToTimestamp: (column, unit) => (unit === 'epoch_ms' ? `from_unixtime(${column} / 1000.0)` : `from_unixtime(${column})`),
  limitOffset: (limit, offset) => {
    const l = count(limit);
    const o = count(offset);
    return `${o ? ` OFFSET ${o}` : ''}${l !== null ? ` LIMIT ${l}` : ''}`;
  },
  regexMatch: (column, pattern) => `regexp_like(${column}, ${pattern})`,
  ilike: (column, pattern, negate) => `LOWER(${column}) ${negate ? 'NOT LIKE' : 'LIKE'} LOWER(${pattern})`,
};
