// Query filters {col, op, val} to SQL predicates with values quoted by the dialect. Filters on columns
// the dataset lacks are rejected (not_in_datasource), the others applied, as Superset reports them.
import { FILTER_OPERATORS, type FilterOperator, type QueryFilter } from '../../../shared/schemas/chartData';
import { GENERIC_TYPES } from '../../../shared/constants';
import { getSinceUntil, TimeRangeError } from '../../../shared/timeRange';
import { genericFromTypeName } from '../../engines/columns';
import { columnSql, isTemporalColumn, resolveColumn } from './columns';
import { queryError, type CompileContext } from './context';
import { boundLiteral } from './temporal';
import type { CompilerColumn } from './types';

export interface FilterOutcome {
  predicate: string | null;
  applied: string | null;
  rejected: string | null;
  /** The range of a TEMPORAL_RANGE filter. */
  range?: { since: Date | null; until: Date | null };
}

type Scalar = string | number | boolean | null;

function coerce(column: CompilerColumn | null, value: Scalar): Scalar {
  if (value === null || !column?.type) return value;
  const generic = genericFromTypeName(column.type);
  if (generic === GENERIC_TYPES.NUMERIC && typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value))) return Number(value);
  if (generic === GENERIC_TYPES.STRING && typeof value === 'number') return String(value);
  if (generic === GENERIC_TYPES.BOOLEAN && typeof value === 'string' && /^(true|false)$/i.test(value)) return value.toLowerCase() === 'true';
  return value;
}

export function parseRange(context: CompileContext, text: string, extras?: { relative_start?: string | null; relative_end?: string | null }) {
  try {
    return getSinceUntil(text, {
      now: context.now,
      relativeStart: (extras?.relative_start as 'today' | 'now' | null) ?? null,
      relativeEnd: (extras?.relative_end as 'today' | 'now' | null) ?? null,
    });
  } catch (error) {
    if (error instanceof TimeRangeError) throw queryError(error.message, { time_range: text });
    throw error;
  }
}

export function rangePredicate(context: CompileContext, sql: string, column: CompilerColumn | null, since: Date | null, until: Date | null): string | null {
  const parts: string[] = [];
  if (since) parts.push(`${sql} >= ${boundLiteral(context, column, since)}`);
  if (until) parts.push(`${sql} < ${boundLiteral(context, column, until)}`);
  return parts.length > 0 ? parts.join(' AND ') : null;
}

function asList(value: QueryFilter['val']): Scalar[] {
  if (value === undefined) return [];
  return Array.isArray(value) ? value : [value];
}

function single(filter: QueryFilter): Scalar {
  const value = Array.isArray(filter.val) ? filter.val[0] : filter.val;
  if (value === undefined) throw queryError(`The filter on ${String(filter.col)} with ${filter.op} needs a value.`);
  return value ?? null;
}

export async function compileFilter(
  context: CompileContext,
  filter: QueryFilter,
  extras?: { relative_start?: string | null; relative_end?: string | null },
): Promise<FilterOutcome> {
  const op = filter.op.toUpperCase().trim() as FilterOperator;
  if (!FILTER_OPERATORS.includes(op)) throw queryError(`Invalid filter operation type: ${filter.op}`, { op: filter.op });
  const name = typeof filter.col === 'string' ? filter.col : (filter.col.label ?? filter.col.sqlExpression);
  if (typeof filter.col === 'string' && !context.columns.has(filter.col)) return { predicate: null, applied: null, rejected: name };
  const resolved = await resolveColumn(context, filter.col);
  const column = resolved.column;
  const { dialect } = context;
  const sql = resolved.sql;
  const literal = (value: Scalar) => dialect.literal(coerce(column, value));
  const applied = (predicate: string | null, range?: FilterOutcome['range']): FilterOutcome => ({ predicate, applied: name, rejected: null, range });

  switch (op) {
    case 'IS NULL':
      return applied(`${sql} IS NULL`);
    case 'IS NOT NULL':
      return applied(`${sql} IS NOT NULL`);
    case 'IS TRUE':
      return applied(`${sql} IS TRUE`);
    case 'IS FALSE':
      return applied(`${sql} IS FALSE`);
    case 'IN':
    case 'NOT IN': {
      const values = asList(filter.val);
      const present = values.filter((value) => value !== null);
      const hasNull = present.length < values.length;
      const list = present.length > 0 ? `${sql} ${op} (${present.map(literal).join(', ')})` : null;
      if (op === 'IN') {
        const parts = [list, hasNull ? `${sql} IS NULL` : null].filter(Boolean);
        return applied(parts.length === 0 ? '1 = 0' : parts.length === 1 ? (parts[0] as string) : `(${parts.join(' OR ')})`);
      }
      const parts = [list, hasNull ? `${sql} IS NOT NULL` : null].filter(Boolean);
      return applied(parts.length === 0 ? '1 = 1' : parts.join(' AND '));
    }
    case 'TEMPORAL_RANGE': {
      const text = single(filter);
      if (typeof text !== 'string') throw queryError('A TEMPORAL_RANGE filter takes a time range text.');
      const range = parseRange(context, text, extras);
      const target = column && isTemporalColumn(column) ? await timeSql(context, column) : sql;
      return applied(rangePredicate(context, target, column, range.since, range.until), range);
    }
    default:
      break;
  }
  const value = single(filter);
  if (value === null && (op === '==' || op === '!=')) return applied(`${sql} ${op === '==' ? 'IS' : 'IS NOT'} NULL`);
  switch (op) {
    case '==':
      return applied(`${sql} = ${literal(value)}`);
    case '!=':
      return applied(`${sql} != ${literal(value)}`);
    case '>':
    case '<':
    case '>=':
    case '<=':
      return applied(`${sql} ${op} ${literal(value)}`);
    case 'LIKE':
    case 'NOT LIKE':
      return applied(`${sql} ${op} ${dialect.literal(String(value))}`);
    case 'ILIKE':
    case 'NOT ILIKE':
      return applied(dialect.ilike(sql, dialect.literal(String(value)), op === 'NOT ILIKE'));
    case 'REGEX':
      return applied(dialect.regexMatch(sql, dialect.literal(String(value))));
    default:
      throw queryError(`Invalid filter operation type: ${filter.op}`, { op: filter.op });
  }
}

/** A temporal column compared as stored (epoch and string formats keep their own literals). */
async function timeSql(context: CompileContext, column: CompilerColumn): Promise<string> {
  return columnSql(context, column);
}
