// Result payloads as Superset's QueryExecutionResponseSchema ({status, data, columns, selected_columns,
// expanded_columns, query, query_id}) and their copy in the results store. Engines that write rows as
// JSON text (DuckDB) go through encodeJsonResult: the payload is compressed once, with gzip, while the
// rows arrive (gzipResult.ts), and those bytes are both the body for a client that accepts gzip and
// the payload of the stored object; the text is joined only for a client that does not take gzip.
// Row objects (other engines) are encoded once, in slices: each slice is spliced into the HTTP body
// and handed to a Brotli compressor at once, so libuv's thread pool compresses slice i while the event
// loop encodes slice i+1. readResult reads both kinds of object.
import { setImmediate as nextTurn } from 'node:timers/promises';
import { promisify } from 'node:util';
import { brotliCompress, brotliCompressSync, brotliDecompress, constants, createBrotliCompress, gunzipSync } from 'node:zlib';
import type { ResultColumn } from '../engines/types';
import type { Ports } from '../ports/index';
import { toQueryDict, type QueryRecord } from '../queries/record';
import { getResultObject, putResultObject } from './resultStore';
import { INLINE_COMPRESS_CHARS, compressText, envelopeOpen, gunzipText, gzipSize, storedObject, splitStoredObject, type GzipResultStream } from './gzipResult';

export { resultsBlobKey } from './resultStore';

export const resultUrl = (resultsKey: string) => `/api/v1/sqllab/results/?q=(key:'${resultsKey}')`;

export interface ResultBody {
  status: string;
  data: Record<string, unknown>[];
  columns: ResultColumn[];
  selected_columns: ResultColumn[];
  expanded_columns: ResultColumn[];
  query: ReturnType<typeof toQueryDict>;
  query_id: number;
}

const decompress = promisify(brotliDecompress);
const SLICE_ROWS = 5_000;
const BROTLI_PARAMS = { [constants.BROTLI_PARAM_QUALITY]: 0, [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT };

/** The payload without its rows: `head` ends where the rows go, `tail` follows them. */
function payloadParts(query: QueryRecord, columns: ResultColumn[], headOnly = false): { head: string; tail: string } {
  const head = JSON.stringify({ status: query.status, columns, selected_columns: columns, expanded_columns: [] });
  const tail = headOnly ? '' : JSON.stringify({ query: toQueryDict(query), query_id: query.id });
  return { head: `${head.slice(0, -1)},"data":`, tail: `,${tail.slice(1)}` };
}

export interface EncodedResult {
  /** The HTTP body (Superset's execute/results payload). */
  body: string;
  /** The compressed object for the results store: {expires_at, user_id, client_id, payload}. */
  stored: Buffer;
}

/** Rows already written as JSON (the DuckDB engine's json mode): the array is `[${pieces.join(',')}]`. */
export interface JsonRows {
  pieces: string[];
  count: number;
}

export const isJsonRows = (rows: Record<string, unknown>[] | JsonRows): rows is JsonRows => !Array.isArray(rows);

/** The rows of a run result as JSON text when the engine gave them so, else the row objects. */
export const resultRows = (result: { rows: Record<string, unknown>[]; json?: JsonRows }): Record<string, unknown>[] | JsonRows =>
  result.json ?? result.rows;

export const rowCount = (rows: Record<string, unknown>[] | JsonRows) => (isJsonRows(rows) ? rows.count : rows.length);

const compress = (text: string) =>
  text.length <= INLINE_COMPRESS_CHARS
    ? Promise.resolve(brotliCompressSync(text, { params: BROTLI_PARAMS }))
    : new Promise<Buffer>((resolve, reject) =>
        brotliCompress(text, { params: BROTLI_PARAMS }, (error, out) => (error ? reject(error) : resolve(out))),
      );

/** A finished payload: its text on demand, and its gzip when it has one (JSON rows). */
export interface Payload {
  text(): string;
  /** The payload's gzip member (the stored object's payload, and the body for clients that accept gzip). */
  gzip?: Buffer;
  /** UTF-8 bytes of text(). */
  bytes?: number;
}

/**
 * JSON rows (DuckDB's json mode) as one gzip: the payload was compressed while the rows arrived
 * (`stream`) or is compressed whole now; the stored object wraps that very gzip in its envelope
 * (gzipResult.ts), so the result is compressed once for the client and the store.
 */
export function encodeJsonResult(
  ports: Pick<Ports, 'clock'>,
  query: QueryRecord,
  columns: ResultColumn[],
  rows: JsonRows,
  stream?: GzipResultStream,
): { payload: Promise<Payload>; stored: Promise<Buffer>; storedNow: Buffer | null } {
  const { head, tail } = payloadParts(query, columns);
  let text: string | undefined;
  const body = () => {
    if (text === undefined) {
      const parts: string[] = [`${head}[`];
      rows.pieces.forEach((piece, i) => (i === 0 ? parts.push(piece) : parts.push(',', piece)));
      parts.push(`]${tail}`);
      text = parts.join('');
    }
    return text;
  };
  const sameHead = query.status === 'success';
  const zipped = (sameHead ? stream?.finish(columns, rows.pieces.length, tail) : (stream?.abort(), null)) ?? compressText(body());
  const envelope = envelopeOpen(ports, query);
  if (!(zipped instanceof Promise)) {
    const storedNow = storedObject(envelope, zipped.gzip);
    return { payload: Promise.resolve({ text: body, gzip: zipped.gzip, bytes: zipped.bytes }), stored: Promise.resolve(storedNow), storedNow };
  }
  const stored = zipped.then((z) => storedObject(envelope, z.gzip));
  stored.catch(() => undefined);
  const payload = zipped.then((z): Payload => ({ text: body, gzip: z.gzip, bytes: z.bytes }));
  payload.catch(() => undefined);
  return { payload, stored, storedNow: null };
}

/** Encodes a finished query's payload once for the client and once, compressed, for the bucket. */
export async function encodeResult(
  ports: Pick<Ports, 'clock'>,
  query: QueryRecord,
  columns: ResultColumn[],
  rows: Record<string, unknown>[] | JsonRows,
): Promise<EncodedResult> {
  if (isJsonRows(rows)) {
    const { head, tail } = payloadParts(query, columns);
    const body = `${head}[${rows.pieces.join(',')}]${tail}`;
    return { body, stored: await compress(`${envelopeOpen(ports, query)}${body}}`) };
  }
  const objects = rows;
  // The payload sits raw inside the envelope (not re-encoded as a JSON string) to keep the copy cheap.
  const { head, tail } = payloadParts(query, columns);
  const open = `${envelopeOpen(ports, query)}${head}`;
  if (objects.length <= SLICE_ROWS) {
    // Small results: one synchronous call costs microseconds, a stream's setup costs milliseconds.
    const data = JSON.stringify(objects);
    const stored = brotliCompressSync(`${open}${data}${tail}}`, { params: BROTLI_PARAMS });
    return { body: `${head}${data}${tail}`, stored };
  }
  const compressor = createBrotliCompress({ params: BROTLI_PARAMS });
  const compressed: Buffer[] = [];
  compressor.on('data', (chunk: Buffer) => compressed.push(chunk));
  const finished = new Promise<void>((resolve, reject) => {
    compressor.once('end', resolve);
    compressor.once('error', reject);
  });
  compressor.write(open);
  const parts: string[] = [head];
  for (let i = 0; i < objects.length; i += SLICE_ROWS) {
    const json = JSON.stringify(objects.slice(i, i + SLICE_ROWS));
    const piece = i === 0 ? json.slice(0, -1) : i + SLICE_ROWS >= objects.length ? `,${json.slice(1)}` : `,${json.slice(1, -1)}`;
    parts.push(piece);
    compressor.write(piece);
    // Let the event loop hand the slice to the thread pool before encoding the next one.
    if (i + SLICE_ROWS < objects.length) await nextTurn();
  }
  parts.push(tail);
  compressor.end(`${tail}}`);
  await finished;
  return { body: parts.join(''), stored: Buffer.concat(compressed) };
}

/** Stores the result object; one key per query, so a rerun after a crash overwrites, never adds. */
export async function storeResult(ports: Pick<Ports, 'tables' | 'blobs' | 'clock'>, query: QueryRecord, stored: Buffer, options: { inline: boolean }): Promise<void> {
  if (!query.results_key) throw new Error(`Query ${query.client_id} has no results key`);
  await putResultObject(ports, query.results_key, stored, options);
}

export interface StoredResult {
  userId: number;
  clientId: string;
  /** The payload's gzip member as stored (gzip objects), to be sent as is. */
  payloadGzip: Buffer | null;
  /** The payload's JSON text exactly as it was answered. */
  payloadJson(): Promise<string>;
  /** Parses the payload (only needed to cut rows). */
  body(): ResultBody;
}

const PAYLOAD_MARK = ',"payload":';

function openEnvelope(text: string, resultsKey: string) {
  const mark = text.indexOf(PAYLOAD_MARK);
  if (mark < 0) throw new Error(`Result object ${resultsKey} is not a stored result`);
  const envelope = JSON.parse(`${text.slice(0, mark)}}`) as { expires_at: number; user_id: number; client_id: string };
  return { envelope, payloadAt: mark + PAYLOAD_MARK.length };
}

/**
 * The stored result, or null when missing or past its retention. Gzip objects (gzipResult.ts) give
 * their envelope without inflating anything and their payload's gzip as stored. Brotli objects (older
 * ones, and engines that give row objects): the envelope's few fields come first and hold no
 * `"payload"` text (client ids are [A-Za-z0-9_-]), so the payload is cut out at the first mark instead
 * of parsing (and re-encoding) 100k rows just to pass them on.
 */
export async function readResult(
  ports: Pick<Ports, 'tables' | 'blobs' | 'clock'>,
  resultsKey: string,
  /** The object when the caller already has it (kept in its query's item). */
  kept?: Buffer | null,
): Promise<StoredResult | null> {
  const buffer = kept ?? (await getResultObject(ports, resultsKey));
  if (!buffer) return null;
  const split = splitStoredObject(buffer);
  if (split) {
    const { envelope } = openEnvelope(split.envelope, resultsKey);
    if (envelope.expires_at <= ports.clock.now()) return null;
    const payloadGzip = split.payloadGzip;
    return {
      userId: envelope.user_id,
      clientId: envelope.client_id,
      payloadGzip,
      payloadJson: () => gunzipText(payloadGzip),
      body: () => JSON.parse(gunzipSync(payloadGzip).toString('utf8')) as ResultBody,
    };
  }
  // Brotli (row-object results), or a gzip object of another layout (whole gunzip, never on the hot path).
  const gzip = buffer[0] === 0x1f && buffer[1] === 0x8b;
  const text = gzip ? await gunzipText(buffer) : (await decompress(buffer)).toString('utf8');
  const { envelope, payloadAt } = openEnvelope(text, resultsKey);
  if (envelope.expires_at <= ports.clock.now()) return null;
  const payloadJson = text.slice(payloadAt, -1);
  return {
    userId: envelope.user_id,
    clientId: envelope.client_id,
    payloadGzip: null,
    payloadJson: async () => payloadJson,
    body: () => JSON.parse(payloadJson) as ResultBody,
  };
}

export { gzipSize };
