// GET /api/v1/sqllab/results/?q=(key,rows): a stored result by its key, as Superset's
// SqlExecutionResultsCommand answers: 410 when the object is gone (expired or never written), 404 when
// its query is gone or the caller may not see it (another user's object must look like a missing one;
// admins see every query's results, as Superset's raise_for_access allows).
import { SupersetError } from '../../shared/errors';
import type { ResultsQ } from '../../shared/routes/sqllab';
import { requirePermission } from '../http/authz';
import type { Identity } from '../http/identity';
import { raw, type RawResponse } from '../http/respond';
import type { Ports } from '../ports/index';
import { getQueryByClientId, getQueryItem } from '../queries/repository';
import { canSeeQuery } from '../queries/show';
import { queryOfResultsKey } from './resultStore';
import { gzipSize, readResult } from './payload';
import type { ClientOptions } from './respondPayload';
import { COMPRESS_OVER_BYTES, gzippedJson } from '../http/fitResponse';

export const RESULTS_GONE_MESSAGE = 'Data could not be retrieved from the results backend. You need to re-run the original query.';
export const RESULTS_QUERY_MISSING_MESSAGE = 'The query associated with these results could not be found. You need to re-run the original query.';

export async function getResults(ports: Ports, user: Identity, q: ResultsQ, client: ClientOptions = {}): Promise<RawResponse> {
  requirePermission(user, 'can_get_results', 'SQLLab', 'QUERY_SECURITY_ACCESS_ERROR');
  // The key names its query, whose item may hold the object; that query is needed below anyway.
  const named = queryOfResultsKey(q.key);
  const item = named?.user_id != null ? await getQueryItem(ports, { user_id: named.user_id, client_id: named.client_id }) : null;
  const stored = await readResult(ports, q.key, item?.query.results_key === q.key ? item.resultBody : null);
  if (!stored) throw new SupersetError('RESULTS_BACKEND_ERROR', RESULTS_GONE_MESSAGE, { status: 410 });
  // Superset's raise_for_access: the owner, or whoever may see every query (admins).
  const query =
    item?.query.client_id === stored.clientId && item.query.user_id === stored.userId
      ? item.query
      : await getQueryByClientId(ports, { user_id: stored.userId, client_id: stored.clientId });
  if (!query || query.user_id !== stored.userId || !canSeeQuery(user, query) || query.results_key !== q.key) {
    throw new SupersetError('RESULTS_BACKEND_ERROR', RESULTS_QUERY_MISSING_MESSAGE, { status: 404 });
  }
  // All rows wanted and the stored payload is gzip: those very bytes are the answer to a client that
  // takes gzip (a large payload: small ones go out as text, as any small body does).
  const gzip = stored.payloadGzip;
  // Superset cuts only when `rows` is given and not 0.
  const rows = q.rows || undefined;
  const all = rows === undefined || (typeof query.rows === 'number' && rows >= query.rows);
  if (all && gzip && client.acceptGzip && gzipSize(gzip) > COMPRESS_OVER_BYTES) return raw(gzippedJson(gzip));
  let json = await stored.payloadJson();
  if (rows !== undefined && !all) {
    const body = JSON.parse(json) as ReturnType<typeof stored.body>;
    if (body.data.length > rows) {
      body.data = body.data.slice(0, rows);
      json = JSON.stringify({ ...body, displayLimitReached: true });
    }
  }
  return raw({ statusCode: 200, headers: { 'content-type': 'application/json; charset=utf-8' }, body: json });
}
