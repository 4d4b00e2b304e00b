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
  type DuckDBVector,
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
      // NaN and ±Infinity have no JSON form; Superset's encoder (ignore_nan) writes null.
      return Number.isFinite(value) ? value : null;
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
const finiteNumber: Converter = (value) => (value !== null && Number.isFinite(value) ? (value as number) : null);
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

// ---------------------------------------------------------------------------------------------------
// JSON text straight from data chunks. A sync result goes to the client as JSON and never needs row
// objects, so each column of a chunk is written as one JSON text per row, by a writer chosen from the
// column type once; the common scalar types read the vector's typed array directly (no DuckDBValue
// per item). The text equals JSON.stringify of the converter's value for every type (the unit tests
// compare both); anything without a fast path goes through the converter.

/** Writes items [0, count) of a vector as JSON texts into out[0, count). */
export type JsonWriter = (vector: DuckDBVector, count: number, out: string[]) => void;

interface TypedVector {
  items?: unknown;
  validity?: { data?: unknown; offset?: unknown };
}

/** The vector's validity as 32-bit words (null: all valid), or undefined when its layout is unknown. */
function validityWords(vector: DuckDBVector): { words: Uint32Array | null; offset: number } | undefined {
  const validity = (vector as unknown as TypedVector).validity;
  if (!validity || typeof validity.offset !== 'number') return undefined;
  if (validity.data === null) return { words: null, offset: validity.offset };
  if (!(validity.data instanceof BigUint64Array)) return undefined;
  const data = validity.data;
  return { words: new Uint32Array(data.buffer, data.byteOffset, data.length * 2), offset: validity.offset };
}

const isValid = (words: Uint32Array | null, bit: number) => words === null || ((words[bit >>> 5] >>> (bit & 31)) & 1) === 1;

/** The typed array behind a fixed-width vector, when this version of the client exposes it. */
function itemsOf<T>(vector: DuckDBVector, kind: new (...args: never[]) => T): T | undefined {
  const items = (vector as unknown as TypedVector).items;
  return items instanceof kind ? (items as T) : undefined;
}

const generic = (convert: Converter): JsonWriter => (vector, count, out) => {
  for (let r = 0; r < count; r += 1) out[r] = JSON.stringify(convert(vector.getItem(r))) ?? 'null';
};

/** Fixed-width numeric items: one read and one String() per item. */
function numericWriter(kind: new (...args: never[]) => ArrayLike<number>, fallback: Converter, finiteOnly: boolean): JsonWriter {
  const slow = generic(fallback);
  return (vector, count, out) => {
    const items = itemsOf(vector, kind);
    const validity = validityWords(vector);
    if (!items || !validity) return slow(vector, count, out);
    const { words, offset } = validity;
    for (let r = 0; r < count; r += 1) {
      if (!isValid(words, offset + r)) out[r] = 'null';
      else {
        const value = items[r];
        out[r] = !finiteOnly || Number.isFinite(value) ? String(value) : 'null';
      }
    }
  };
}

const TWO_32 = 4294967296;
/** 64-bit items as [low, high] 32-bit words; a number when |value| < 2^53 (exact), else undefined. */
const safeInt64 = (words: Int32Array, r: number): number | undefined => {
  const high = words[2 * r + 1];
  return high >= -2097152 && high < 2097152 ? high * TWO_32 + (words[2 * r] >>> 0) : undefined;
};

function int64Words(vector: DuckDBVector): Int32Array | undefined {
  const items = itemsOf(vector, BigInt64Array);
  return items && new Int32Array(items.buffer, items.byteOffset, items.length * 2);
}

const bigintWriter: JsonWriter = (vector, count, out) => {
  const words = int64Words(vector);
  const validity = validityWords(vector);
  if (!words || !validity) return generic(bigint)(vector, count, out);
  const { words: valid, offset } = validity;
  for (let r = 0; r < count; r += 1) {
    if (!isValid(valid, offset + r)) {
      out[r] = 'null';
      continue;
    }
    const value = safeInt64(words, r);
    out[r] = value !== undefined ? String(value) : JSON.stringify(bigint(vector.getItem(r)));
  }
};

const TWO_DIGITS = Array.from({ length: 100 }, (_, i) => String(i).padStart(2, '0'));
const MICROS_PER_DAY = 86_400_000_000;

/**
 * TIMESTAMP (microseconds) as the temporal converter writes it: 'YYYY-MM-DDTHH:MM:SS[.ffffff]', the
 * fraction without trailing zeros. Values whose microseconds fit a double exactly (1685..2255) are
 * formatted here; the rest (and ±infinity) take DuckDB's own formatting through the converter.
 */
const timestampWriter: JsonWriter = (vector, count, out) => {
  const words = int64Words(vector);
  const validity = validityWords(vector);
  if (!words || !validity) return generic(temporal)(vector, count, out);
  const { words: valid, offset } = validity;
  let lastDay = NaN;
  let dayText = '';
  for (let r = 0; r < count; r += 1) {
    if (!isValid(valid, offset + r)) {
      out[r] = 'null';
      continue;
    }
    const micros = safeInt64(words, r);
    if (micros === undefined) {
      out[r] = JSON.stringify(temporal(vector.getItem(r)));
      continue;
    }
    const day = Math.floor(micros / MICROS_PER_DAY);
    if (day !== lastDay) {
      lastDay = day;
      dayText = new Date(day * 86_400_000).toISOString().slice(0, 10);
    }
    const inDay = micros - day * MICROS_PER_DAY;
    const seconds = Math.floor(inDay / 1_000_000);
    const fraction = inDay - seconds * 1_000_000;
    const time = `${TWO_DIGITS[Math.floor(seconds / 3600)]}:${TWO_DIGITS[Math.floor(seconds / 60) % 60]}:${TWO_DIGITS[seconds % 60]}`;
    out[r] = fraction === 0 ? `"${dayText}T${time}"` : `"${dayText}T${time}.${String(fraction).padStart(6, '0').replace(/0+$/, '')}"`;
  }
};

// Strings that JSON.stringify would escape: quotes, backslashes, control characters, lone surrogates.
const NEEDS_ESCAPE = /["\\\u0000-\u001f\ud800-\udfff]/;

const stringWriter: JsonWriter = (vector, count, out) => {
  for (let r = 0; r < count; r += 1) {
    const value = vector.getItem(r) as string | null;
    out[r] = value === null ? 'null' : NEEDS_ESCAPE.test(value) ? JSON.stringify(value) : `"${value}"`;
  }
};

const booleanWriter: JsonWriter = (vector, count, out) => {
  for (let r = 0; r < count; r += 1) {
    const value = vector.getItem(r);
    out[r] = value === null ? 'null' : value ? 'true' : 'false';
  }
};

export function jsonWriterFor(typeId: DuckDBTypeId): JsonWriter {
  switch (typeId) {
    case DuckDBTypeId.BOOLEAN:
      return booleanWriter;
    case DuckDBTypeId.TINYINT:
      return numericWriter(Int8Array, passThrough, false);
    case DuckDBTypeId.SMALLINT:
      return numericWriter(Int16Array, passThrough, false);
    case DuckDBTypeId.INTEGER:
      return numericWriter(Int32Array, passThrough, false);
    case DuckDBTypeId.UTINYINT:
      return numericWriter(Uint8Array, passThrough, false);
    case DuckDBTypeId.USMALLINT:
      return numericWriter(Uint16Array, passThrough, false);
    case DuckDBTypeId.UINTEGER:
      return numericWriter(Uint32Array, passThrough, false);
    case DuckDBTypeId.FLOAT:
      return numericWriter(Float32Array, finiteNumber, true);
    case DuckDBTypeId.DOUBLE:
      return numericWriter(Float64Array, finiteNumber, true);
    case DuckDBTypeId.BIGINT:
      return bigintWriter;
    case DuckDBTypeId.TIMESTAMP:
      return timestampWriter;
    case DuckDBTypeId.VARCHAR:
      return stringWriter;
    default:
      return generic(converterFor(typeId));
  }
}
