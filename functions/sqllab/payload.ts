// Result payloads as Superset's QueryExecutionResponseSchema ({status, data, columns, selected_columns,
// expanded_columns, query, query_id}) and their copy in the results bucket. Rows are serialised once
// and spliced into both the HTTP body and the stored object: for 100k rows the JSON encoding is the
// expensive part, so it must not happen twice.
import type { ResultColumn } from '../engines/types';
import type { Ports } from '../ports/index';
import { toQueryDict, type QueryRecord } from '../queries/record';
import { LIMITS } from '../../shared/constants';

export const resultsBlobKey = (resultsKey: string) => `results/${resultsKey}`;
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

/** The envelope around already-encoded rows. */
export function encodePayload(query: QueryRecord, columns: ResultColumn[], rowsJson: string, extra: Record<string, unknown> = {}): string {
  const head = { status: query.status, columns, selected_columns: columns, expanded_columns: [] };
  const tail = { query: toQueryDict(query), query_id: query.id, ...extra };
  const headJson = JSON.stringify(head);
  const tailJson = JSON.stringify(tail);
  return `${headJson.slice(0, -1)},"data":${rowsJson},${tailJson.slice(1)}`;
}

interface StoredEnvelope {
  /** Epoch ms after which the object counts as gone (S3 lifecycle deletes it later, dynalite never). */
  expires_at: number;
  user_id: number;
  client_id: string;
  payload: string;
}

/** Stores the result object; one key per query, so a rerun after a crash overwrites, never adds. */
export async function storeResult(ports: Pick<Ports, 'blobs' | 'clock'>, query: QueryRecord, payload: string): Promise<void> {
  if (!query.results_key) throw new Error(`Query ${query.client_id} has no results key`);
  const envelope: StoredEnvelope = {
    expires_at: ports.clock.now() + LIMITS.resultsTtlDays * 86_400_000,
    user_id: query.user_id,
    client_id: query.client_id,
    payload: '',
  };
  // The payload is embedded raw (not re-encoded as a JSON string) to keep the stored copy cheap.
  const head = JSON.stringify({ ...envelope, payload: undefined });
  await ports.blobs.put(resultsBlobKey(query.results_key), `${head.slice(0, -1)},"payload":${payload}}`, 'application/json');
}

export interface StoredResult {
  userId: number;
  clientId: string;
  body: ResultBody;
}

/** The stored result, or null when missing or past its retention. */
export async function readResult(ports: Pick<Ports, 'blobs' | 'clock'>, resultsKey: string): Promise<StoredResult | null> {
  const buffer = await ports.blobs.get(resultsBlobKey(resultsKey));
  if (!buffer) return null;
  const stored = JSON.parse(buffer.toString('utf8')) as Omit<StoredEnvelope, 'payload'> & { payload: ResultBody };
  if (stored.expires_at <= ports.clock.now()) return null;
  return { userId: stored.user_id, clientId: stored.client_id, body: stored.payload };
}
