// Result column descriptors shared by all engines (spec §3: column_name, type, is_dttm, type_generic).
import { GENERIC_TYPES, type GenericType } from '../../shared/constants';
import type { ResultColumn } from './types';

export function resultColumn(name: string, type: string, generic: GenericType): ResultColumn {
  return { column_name: name, name, type, is_dttm: generic === GENERIC_TYPES.TEMPORAL, type_generic: generic };
}

/**
 * Generic type from a SQL type name, for engines that report types as text (Athena, information_schema).
 * Type names are data from the engine's catalogue, not user SQL.
 */
export function genericFromTypeName(typeName: string): GenericType {
  const base = typeName.trim().toLowerCase().replace(/\(.*$/, '').trim();
  if (base.startsWith('bool')) return GENERIC_TYPES.BOOLEAN;
  if (base.startsWith('timestamp') || base.startsWith('date') || base.startsWith('time') || base === 'interval')
    return GENERIC_TYPES.TEMPORAL;
  const numeric = ['tinyint', 'smallint', 'integer', 'int', 'int2', 'int4', 'int8', 'bigint', 'hugeint', 'ubigint', 'uinteger',
    'usmallint', 'utinyint', 'uhugeint', 'real', 'float', 'float4', 'float8', 'double', 'double precision', 'decimal', 'numeric',
    'serial', 'bigserial', 'smallserial', 'money', 'oid'];
  return numeric.includes(base) ? GENERIC_TYPES.NUMERIC : GENERIC_TYPES.STRING;
}

const MAX_SAFE = BigInt(Number.MAX_SAFE_INTEGER);
const MIN_SAFE = BigInt(Number.MIN_SAFE_INTEGER);

/** Integers beyond 2^53 stay exact as strings; JSON numbers would silently round them. */
export function bigintToJson(value: bigint): number | string {
  return value <= MAX_SAFE && value >= MIN_SAFE ? Number(value) : value.toString();
}

/** Superset's de-duplication of result column names: a, a__1, a__2. */
export function dedupeNames(names: string[]): string[] {
  const seen = new Map<string, number>();
  return names.map((name) => {
    const count = seen.get(name) ?? 0;
    seen.set(name, count + 1);
    return count === 0 ? name : `${name}__${count}`;
  });
}
