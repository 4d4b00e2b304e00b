// Result payloads as Superset's QueryExecutionResponseSchema ({status, data, columns, selected_columns,
// expanded_columns, query, query_id}) and their copy in the results bucket. For 100k rows encoding is
// the expensive part, so rows are encoded once, in slices: each slice is spliced into the HTTP body and
// handed to a gzip stream at once, so libuv's thread pool compresses slice i while the event loop
// encodes slice i+1. Stored objects are gzipped at the fastest level: result JSON shrinks ~8x, which
// makes the upload several times cheaper than sending it raw.
import { setImmediate as nextTurn } from 'node:timers/promises';
import { promisify } from 'node:util';
import { constants, createGzip, gunzip } from 'node:zlib';
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

const gunzipAsync = promisify(gunzip);
const isGzip = (b: Buffer) => b.length > 2 && b[0] === 0x1f && b[1] === 0x8b;
const SLICE_ROWS = 5_000;

/** The payload without its rows: `head` ends where the rows go, `tail` follows them. */
function payloadParts(query: QueryRecord, columns: ResultColumn[]): { head: string; tail: string } {
  const head = JSON.stringify({ status: query.status, columns, selected_columns: columns, expanded_columns: [] });
  const tail = JSON.stringify({ query: toQueryDict(query), query_id: query.id });
  return { head: `${head.slice(0, -1)},"data":`, tail: `,${tail.slice(1)}` };
}

export interface EncodedResult {
  /** The HTTP body (Superset's execute/results payload). */
  body: string;
  /** The gzipped object for the results bucket: {expires_at, user_id, client_id, payload}. */
  stored: Buffer;
}

/** Encodes a finished query's payload once for the client and once, compressed, for the bucket. */
export async function encodeResult(
  ports: Pick<Ports, 'clock'>,
  query: QueryRecord,
  columns: ResultColumn[],
  rows: Record<string, unknown>[],
): Promise<EncodedResult> {
  const gz = createGzip({ level: constants.Z_BEST_SPEED });
  const compressed: Buffer[] = [];
  gz.on('data', (chunk: Buffer) => compressed.push(chunk));
  const finished = new Promise<void>((resolve, reject) => {
    gz.once('end', resolve);
    gz.once('error', reject);
  });
  // The payload sits raw inside the envelope (not re-encoded as a JSON string) to keep the copy cheap.
  const envelope = JSON.stringify({ expires_at: ports.clock.now() + LIMITS.resultsTtlDays * 86_400_000, user_id: query.user_id, client_id: query.client_id });
  const { head, tail } = payloadParts(query, columns);
  gz.write(`${envelope.slice(0, -1)},"payload":${head}`);
  const parts: string[] = [head];
  for (let i = 0; i === 0 || i < rows.length; i += SLICE_ROWS) {
    const json = JSON.stringify(rows.slice(i, i + SLICE_ROWS));
    const piece = rows.length <= SLICE_ROWS ? json : i === 0 ? json.slice(0, -1) : i + SLICE_ROWS >= rows.length ? `,${json.slice(1)}` : `,${json.slice(1, -1)}`;
    parts.push(piece);
    gz.write(piece);
    // Let the event loop hand the slice to the thread pool before encoding the next one.
    if (i + SLICE_ROWS < rows.length) await nextTurn();
  }
  parts.push(tail);
  gz.end(`${tail}}`);
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
  body: ResultBody;
}

/** The stored result, or null when missing or past its retention. */
export async function readResult(ports: Pick<Ports, 'tables' | 'blobs' | 'clock'>, resultsKey: string): Promise<StoredResult | null> {
  const buffer = await getResultObject(ports, resultsKey);
  if (!buffer) return null;
  const text = isGzip(buffer) ? (await gunzipAsync(buffer)).toString('utf8') : buffer.toString('utf8');
  const stored = JSON.parse(text) as { expires_at: number; user_id: number; client_id: string; payload: ResultBody };
  if (stored.expires_at <= ports.clock.now()) return null;
  return { userId: stored.user_id, clientId: stored.client_id, body: stored.payload };
}
