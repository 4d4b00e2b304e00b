// SQL up to LIMITS.sqlMaxLength (1M characters) may run, but a DynamoDB item holds 400 KB. A query
// whose texts would not fit keeps a truncated preview in its item and the full texts in the results
// bucket; the worker and the single-query view read them back.
import type { Ports } from '../ports/index';
import type { QueryRecord } from './record';

/** Bytes of SQL text an item may carry; the rest of the item stays far below the 400 KB limit. */
export const ITEM_SQL_BUDGET_BYTES = 200_000;
const PREVIEW_CHARS = 20_000;

// Keyed by the integer id, fresh from the counter: a reused client id can never overwrite the texts
// of another user's query.
const blobKey = (id: number) => `queries/${id}/sql.json`;
const bytes = (s: string | null) => (s ? Buffer.byteLength(s, 'utf8') : 0);
const preview = (s: string | null) => (s && s.length > PREVIEW_CHARS ? s.slice(0, PREVIEW_CHARS) : s);

/** The record to store: itself when it fits, else a preview whose full texts went to the bucket. */
export async function offloadLargeSql(ports: Pick<Ports, 'blobs'>, query: QueryRecord): Promise<QueryRecord> {
  if (bytes(query.sql) + bytes(query.executed_sql) + bytes(query.select_sql) <= ITEM_SQL_BUDGET_BYTES) return query;
  const full = { sql: query.sql, executed_sql: query.executed_sql, select_sql: query.select_sql };
  await ports.blobs.put(blobKey(query.id), JSON.stringify(full), 'application/json');
  return { ...query, sql: preview(query.sql)!, executed_sql: preview(query.executed_sql), select_sql: preview(query.select_sql), sql_offloaded: true };
}

/** The record with its full texts, reading them back when they were offloaded. */
export async function withFullSql(ports: Pick<Ports, 'blobs'>, query: QueryRecord): Promise<QueryRecord> {
  if (!query.sql_offloaded) return query;
  const stored = await ports.blobs.get(blobKey(query.id));
  if (!stored) throw new Error(`The SQL of query ${query.client_id} is missing from the results bucket`);
  return { ...query, ...(JSON.parse(stored.toString('utf8')) as Pick<QueryRecord, 'sql' | 'executed_sql' | 'select_sql'>), sql_offloaded: false };
}
