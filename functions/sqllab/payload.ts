// Result payloads as Superset's QueryExecutionResponseSchema ({status, data, columns, selected_columns,
// expanded_columns, query, query_id}) and their copy in the results bucket. For 100k rows encoding is
// the expensive part, so rows are encoded once, in slices: each slice is spliced into the HTTP body and
// handed to a compressor at once, so libuv's thread pool compresses slice i while the event loop
// encodes slice i+1. Stored objects are Brotli at quality 0: result JSON shrinks ~8x (as much as gzip
// -1 does on this data) at about half gzip's CPU time, which makes the upload of a 100k-row result
// several times cheaper than sending it raw.
import { setImmediate as nextTurn } from 'node:timers/promises';
import { promisify } from 'node:util';
import { brotliCompressSync, brotliDecompress, constants, createBrotliCompress } from 'node:zlib';
import type { ResultColumn } from '../engines/types';
import type { Ports } from '../ports/index';
import { toQueryDict, type QueryRecord } from '../queries/record';
import { LIMITS } from '../../shared/constants';
import { getResultObject, putResultObject } from './resultStore';

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
function payloadParts(query: QueryRecord, columns: ResultColumn[]): { head: string; tail: string } {
  const head = JSON.stringify({ status: query.status, columns, selected_columns: columns, expanded_columns: [] });
  const tail = JSON.stringify({ query: toQueryDict(query), query_id: query.id });
  return { head: `${head.slice(0, -1)},"data":`, tail: `,${tail.slice(1)}` };
}

export interface EncodedResult {
  /** The HTTP body (Superset's execute/results payload). */
  body: string;
  /** The compressed object for the results store: {expires_at, user_id, client_id, payload}. */
  stored: Buffer;
}

/** Encodes a finished query's payload once for the client and once, compressed, for the bucket. */
export async function encodeResult(
  ports: Pick<Ports, 'clock'>,
  query: QueryRecord,
  columns: ResultColumn[],
  rows: Record<string, unknown>[],
): Promise<EncodedResult> {
  // The payload sits raw inside the envelope (not re-encoded as a JSON string) to keep the copy cheap.
  const envelope = JSON.stringify({ expires_at: ports.clock.now() + LIMITS.resultsTtlDays * 86_400_000, user_id: query.user_id, client_id: query.client_id });
  const { head, tail } = payloadParts(query, columns);
  const open = `${envelope.slice(0, -1)},"payload":${head}`;
  if (rows.length <= SLICE_ROWS) {
    // Small results: one synchronous call costs microseconds, a stream's setup costs milliseconds.
    const data = JSON.stringify(rows);
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
  for (let i = 0; i < rows.length; i += SLICE_ROWS) {
    const json = JSON.stringify(rows.slice(i, i + SLICE_ROWS));
    const piece = i === 0 ? json.slice(0, -1) : i + SLICE_ROWS >= rows.length ? `,${json.slice(1)}` : `,${json.slice(1, -1)}`;
    parts.push(piece);
    compressor.write(piece);
    // Let the event loop hand the slice to the thread pool before encoding the next one.
    if (i + SLICE_ROWS < rows.length) await nextTurn();
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
  /** The payload's JSON text exactly as it was answered. */
  payloadJson: string;
  /** Parses the payload (only needed to cut rows). */
  body(): ResultBody;
}

const PAYLOAD_MARK = ',"payload":';

/**
 * The stored result, or null when missing or past its retention. The envelope's few fields come
 * first and hold no `"payload"` text (client ids are [A-Za-z0-9_-]), so the payload is cut out at the
 * first mark instead of parsing (and re-encoding) 100k rows just to pass them on.
 */
export async function readResult(ports: Pick<Ports, 'tables' | 'blobs' | 'clock'>, resultsKey: string): Promise<StoredResult | null> {
  const buffer = await getResultObject(ports, resultsKey);
  if (!buffer) return null;
  const text = (await decompress(buffer)).toString('utf8');
  const mark = text.indexOf(PAYLOAD_MARK);
  if (mark < 0) throw new Error(`Result object ${resultsKey} is not a stored result`);
  const envelope = JSON.parse(`${text.slice(0, mark)}}`) as { expires_at: number; user_id: number; client_id: string };
  if (envelope.expires_at <= ports.clock.now()) return null;
  const payloadJson = text.slice(mark + PAYLOAD_MARK.length, -1);
  return { userId: envelope.user_id, clientId: envelope.client_id, payloadJson, body: () => JSON.parse(payloadJson) as ResultBody };
}
