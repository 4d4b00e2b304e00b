// Row limit, offset and series limit: Superset's schema checks (typed 400s) and the server cap.
import { SQL_MAX_ROW } from '../../../shared/schemas/chartData';
import { queryError } from './context';

/** Superset's ROW_LIMIT default and SAMPLES_ROW_LIMIT. */
export const DEFAULT_ROW_LIMIT = 50_000;
export const SAMPLES_ROW_LIMIT = 1000;

function integer(name: string, value: unknown): number | null {
  if (value === null || value === undefined) return null;
  if (typeof value !== 'number' || !Number.isInteger(value)) throw queryError(`\`${name}\` is expected to be an integer`, { [name]: value });
  return value;
}

/** row_limit: a positive integer, capped at the server maximum (Superset's apply_max_row_limit). */
export function effectiveRowLimit(value: unknown, fallback = DEFAULT_ROW_LIMIT): number {
  const limit = integer('row_limit', value);
  if (limit === null) return Math.min(fallback, SQL_MAX_ROW);
  if (limit < 1) throw queryError('`row_limit` must be a positive integer', { row_limit: limit });
  return Math.min(limit, SQL_MAX_ROW);
}

export function effectiveRowOffset(value: unknown): number {
  const offset = integer('row_offset', value);
  if (offset === null) return 0;
  if (offset < 0) throw queryError('`row_offset` must be greater than or equal to 0', { row_offset: offset });
  return offset;
}

export function effectiveSeriesLimit(value: unknown): number {
  const limit = integer('series_limit', value);
  if (limit === null || limit === 0) return 0;
  if (limit < 0) throw queryError('`series_limit` must be a positive integer', { series_limit: limit });
  return Math.min(limit, SQL_MAX_ROW);
}
