// What chart queries need from an engine's dialect (functions/engines/<name>/dialect.ts): time-grain
// expressions for every grain of the spec (Superset's ISO names), literals, limit/offset, ordering,
// the adhoc aggregates, pattern matching and epoch columns. Literals are built here, never pasted.
import { SupersetError } from '../../shared/errors';
import type { Aggregate, TimeGrain } from '../../shared/schemas/chartData';

/** Grain templates: `{col}` is replaced by the (already quoted) column expression. */
export type GrainTemplates = Record<TimeGrain, string>;

export type EpochUnit = 'epoch_s' | 'epoch_ms';

export interface ChartDialect {
  timeGrains: GrainTemplates;
  /** The column truncated to a grain; the column itself when the grain is empty. Unknown grains throw. */
  timeGrainExpression(grain: string | null | undefined, column: string): string;
  /** A column of epoch seconds / milliseconds as a timestamp. */
  epochToTimestamp(column: string, unit: EpochUnit): string;
  stringLiteral(value: string): string;
  /** A JSON scalar as a SQL literal (strings quoted, numbers checked finite, booleans, NULL). */
  literal(value: unknown): string;
  /** yyyy-mm-dd of the date (UTC). */
  dateLiteral(date: Date): string;
  /** The instant (UTC wall clock) as a timestamp literal. */
  datetimeLiteral(date: Date): string;
  /** LIMIT / OFFSET clause (leading space, or '' when neither). */
  limitOffset(limit: number | null | undefined, offset: number | null | undefined): string;
  /** One ORDER BY item; nulls always last so every engine orders alike. */
  orderItem(expression: string, ascending: boolean): string;
  /** An adhoc SIMPLE metric's aggregate applied to a column expression. */
  aggregate(name: Aggregate, column: string): string;
  /** REGEX operator (Superset's REGEX filter: the pattern matches somewhere in the value). */
  regexMatch(column: string, pattern: string): string;
  /** Case-insensitive LIKE. */
  ilike(column: string, pattern: string, negate: boolean): string;
}

export function isoDate(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/** 'YYYY-MM-DD HH:MM:SS.ffffff' in UTC. */
export function isoDatetime(date: Date): string {
  return `${date.toISOString().slice(0, 19).replace('T', ' ')}.${String(date.getUTCMilliseconds()).padStart(3, '0')}000`;
}

export function ansiStringLiteral(value: string): string {
  if (value.includes('\u0000')) throw new SupersetError('INVALID_PAYLOAD_FORMAT_ERROR', 'Values cannot contain the NUL character.');
  return `'${value.replace(/'/g, "''")}'`;
}

export function literalWith(stringLiteral: (value: string) => string) {
  return (value: unknown): string => {
    if (value === null || value === undefined) return 'NULL';
    if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE';
    if (typeof value === 'number') {
      if (!Number.isFinite(value)) throw new SupersetError('INVALID_PAYLOAD_FORMAT_ERROR', `Not a finite number: ${value}.`);
      return String(value);
    }
    if (typeof value === 'bigint') return value.toString();
    if (typeof value === 'string') return stringLiteral(value);
    throw new SupersetError('INVALID_PAYLOAD_FORMAT_ERROR', 'Filter values must be strings, numbers, booleans or null.');
  };
}

const AGGREGATE_SQL: Record<Aggregate, (column: string) => string> = {
  AVG: (column) => `AVG(${column})`,
  COUNT: (column) => `COUNT(${column})`,
  COUNT_DISTINCT: (column) => `COUNT(DISTINCT ${column})`,
  MAX: (column) => `MAX(${column})`,
  MIN: (column) => `MIN(${column})`,
  SUM: (column) => `SUM(${column})`,
};

export const ansiAggregate = (name: Aggregate, column: string) => AGGREGATE_SQL[name](column);

const count = (value: number | null | undefined): number | null =>
  value === null || value === undefined ? null : Math.max(0, Math.floor(value));

export function limitThenOffset(limit: number | null | undefined, offset: number | null | undefined): string {
  const l = count(limit);
  const o = count(offset);
  return `${l !== null ? ` LIMIT ${l}` : ''}${o ? ` OFFSET ${o}` : ''}`;
}

export function grainExpression(templates: GrainTemplates, engineName: string) {
  return (grain: string | null | undefined, column: string): string => {
    if (!grain) return column;
    const template = (templates as Record<string, string>)[grain];
    if (!template) {
      throw new SupersetError('INVALID_PAYLOAD_SCHEMA_ERROR', `No such time grain on ${engineName}: ${grain}.`, { extra: { time_grain: grain } });
    }
    return template.replaceAll('{col}', column);
  };
}

/** The parts every engine writes alike. */
export function ansiChartParts(stringLiteral: (value: string) => string = ansiStringLiteral) {
  return {
    stringLiteral,
    literal: literalWith(stringLiteral),
    dateLiteral: (date: Date) => `DATE ${stringLiteral(isoDate(date))}`,
    datetimeLiteral: (date: Date) => `TIMESTAMP ${stringLiteral(isoDatetime(date))}`,
    orderItem: (expression: string, ascending: boolean) => `${expression} ${ascending ? 'ASC' : 'DESC'} NULLS LAST`,
    aggregate: ansiAggregate,
  };
}
