// Result values as Superset sends them: temporal columns as epoch milliseconds, generic column types
// (numeric 0, string 1, temporal 2, boolean 3) for the columns post-processing creates.
import { GENERIC_TYPES, type GenericType } from '../../../shared/constants';
import type { Row } from './postProcessing';

/** ISO text from an engine ('2013-01-01', '2013-01-01T05:00:00', '...+00') -> epoch ms (naive = UTC). */
export function epochMs(value: unknown): unknown {
  if (typeof value !== 'string') return value instanceof Date ? value.getTime() : value;
  let text = value.trim().replace(' ', 'T');
  if (!text.includes('T')) text = `${text}T00:00:00Z`;
  else if (/T.*[+-]\d{2}$/.test(text)) text = `${text}:00`;
  else if (/T.*[+-]\d{4}$/.test(text)) text = `${text.slice(0, -2)}:${text.slice(-2)}`;
  else if (!/(Z|[+-]\d{2}:\d{2})$/i.test(text)) text = `${text}Z`;
  const time = Date.parse(text);
  return Number.isNaN(time) ? value : time;
}

export function toEpochColumns(rows: Row[], temporal: string[]): Row[] {
  if (temporal.length === 0) return rows;
  return rows.map((row) => {
    const out = { ...row };
    for (const column of temporal) if (column in out) out[column] = epochMs(out[column]);
    return out;
  });
}

export function inferGeneric(rows: Row[], column: string): GenericType {
  const value = rows.map((row) => row[column]).find((item) => item !== null && item !== undefined);
  if (typeof value === 'number') return GENERIC_TYPES.NUMERIC;
  if (typeof value === 'boolean') return GENERIC_TYPES.BOOLEAN;
  if (value === undefined) return GENERIC_TYPES.NUMERIC;
  return GENERIC_TYPES.STRING;
}
