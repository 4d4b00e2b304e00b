// DuckDB values -> JSON-safe values. One converter per column is chosen from the column type once, so
// the per-row work for the common scalar types is a plain read (results are benchmarked against raw DuckDB).
import {
  DuckDBArrayValue,
  DuckDBBitValue,
  DuckDBBlobValue,
  DuckDBDecimalValue,
  DuckDBIntervalValue,
  DuckDBListValue,
  DuckDBMapValue,
  DuckDBStructValue,
  DuckDBTypeId,
  DuckDBUnionValue,
  type DuckDBType,
  type DuckDBValue,
} from '@duckdb/node-api';
import { GENERIC_TYPES, type GenericType } from '../../../shared/constants';
import { bigintToJson } from '../columns';

export type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };
export type Converter = (value: DuckDBValue) => JsonValue;


// DuckDB prints temporal values as 'YYYY-MM-DD HH:MM:SS[.ffffff][+TZ]'; ISO 8601 wants the 'T'.
const isoFromText = (text: string): string => (text.length > 10 && text[10] === ' ' ? `${text.slice(0, 10)}T${text.slice(11)}` : text);

function bytesToText(bytes: Uint8Array): string {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('utf8');
}

/** Any DuckDB value, inspected at run time: used inside nested types and for rare column types. */
export function toJson(value: DuckDBValue): JsonValue {
  if (value === null || value === undefined) return null;
  switch (typeof value) {
    case 'number':
      return Number.isFinite(value) ? value : String(value);
    case 'string':
    case 'boolean':
      return value;
    case 'bigint':
      return bigintToJson(value);
  }
  if (value instanceof DuckDBDecimalValue) return Number(value.toString());
  if (value instanceof DuckDBListValue || value instanceof DuckDBArrayValue) return value.items.map(toJson);
  if (value instanceof DuckDBStructValue) {
    const out: { [key: string]: JsonValue } = {};
    for (const [key, item] of Object.entries(value.entries)) out[key] = toJson(item);
    return out;
  }
  if (value instanceof DuckDBMapValue) {
    // Keys may be any type, so entries stay pairs rather than becoming object properties.
    return value.entries.map((entry) => ({ key: toJson(entry.key), value: toJson(entry.value) }));
  }
  if (value instanceof DuckDBUnionValue) return toJson(value.value);
  if (value instanceof DuckDBBlobValue) return bytesToText(value.bytes);
  if (value instanceof DuckDBBitValue || value instanceof DuckDBIntervalValue) return value.toString();
  return isoFromText(String(value));
}

const passThrough: Converter = (value) => value as JsonValue;
const finiteNumber: Converter = (value) => (value === null || Number.isFinite(value) ? (value as number | null) : String(value));
const bigint: Converter = (value) => (value === null ? null : bigintToJson(value as bigint));
const decimal: Converter = (value) => (value === null ? null : Number((value as DuckDBDecimalValue).toString()));
const temporal: Converter = (value) => (value === null ? null : isoFromText(String(value)));
// DuckDB prints offsets as '+00'; ISO 8601 parsers (Date.parse among them) want '+00:00'.
const withOffset: Converter = (value) => {
  if (value === null) return null;
  const text = isoFromText(String(value));
  const sign = text[text.length - 3];
  return sign === '+' || sign === '-' ? `${text}:00` : text;
};
const blob: Converter = (value) => (value === null ? null : bytesToText((value as DuckDBBlobValue).bytes));

export function converterFor(typeId: DuckDBTypeId): Converter {
  switch (typeId) {
    case DuckDBTypeId.BOOLEAN:
    case DuckDBTypeId.TINYINT:
    case DuckDBTypeId.SMALLINT:
    case DuckDBTypeId.INTEGER:
    case DuckDBTypeId.UTINYINT:
    case DuckDBTypeId.USMALLINT:
    case DuckDBTypeId.UINTEGER:
    case DuckDBTypeId.VARCHAR:
    case DuckDBTypeId.ENUM:
    case DuckDBTypeId.SQLNULL:
      return passThrough;
    case DuckDBTypeId.FLOAT:
    case DuckDBTypeId.DOUBLE:
      return finiteNumber;
    case DuckDBTypeId.BIGINT:
    case DuckDBTypeId.UBIGINT:
    case DuckDBTypeId.HUGEINT:
    case DuckDBTypeId.UHUGEINT:
      return bigint;
    case DuckDBTypeId.DECIMAL:
      return decimal;
    case DuckDBTypeId.DATE:
    case DuckDBTypeId.TIME:
    case DuckDBTypeId.TIME_NS:
    case DuckDBTypeId.TIMESTAMP:
    case DuckDBTypeId.TIMESTAMP_S:
    case DuckDBTypeId.TIMESTAMP_MS:
    case DuckDBTypeId.TIMESTAMP_NS:
      return temporal;
    case DuckDBTypeId.TIME_TZ:
    case DuckDBTypeId.TIMESTAMP_TZ:
      return withOffset;
    case DuckDBTypeId.BLOB:
      return blob;
    default:
      return toJson;
  }
}

export function genericTypeOf(typeId: DuckDBTypeId): GenericType {
  switch (typeId) {
    case DuckDBTypeId.BOOLEAN:
      return GENERIC_TYPES.BOOLEAN;
    case DuckDBTypeId.TINYINT:
    case DuckDBTypeId.SMALLINT:
    case DuckDBTypeId.INTEGER:
    case DuckDBTypeId.BIGINT:
    case DuckDBTypeId.UTINYINT:
    case DuckDBTypeId.USMALLINT:
    case DuckDBTypeId.UINTEGER:
    case DuckDBTypeId.UBIGINT:
    case DuckDBTypeId.HUGEINT:
    case DuckDBTypeId.UHUGEINT:
    case DuckDBTypeId.FLOAT:
    case DuckDBTypeId.DOUBLE:
    case DuckDBTypeId.DECIMAL:
    case DuckDBTypeId.BIGNUM:
      return GENERIC_TYPES.NUMERIC;
    case DuckDBTypeId.DATE:
    case DuckDBTypeId.TIME:
    case DuckDBTypeId.TIME_TZ:
    case DuckDBTypeId.TIME_NS:
    case DuckDBTypeId.TIMESTAMP:
    case DuckDBTypeId.TIMESTAMP_S:
    case DuckDBTypeId.TIMESTAMP_MS:
    case DuckDBTypeId.TIMESTAMP_NS:
    case DuckDBTypeId.TIMESTAMP_TZ:
    case DuckDBTypeId.INTERVAL:
      return GENERIC_TYPES.TEMPORAL;
    default:
      return GENERIC_TYPES.STRING;
  }
}

/** Engine type name as DuckDB spells it (DECIMAL(18,3), VARCHAR[], STRUCT(a INTEGER)...). */
export const typeName = (type: DuckDBType): string => type.toString();
