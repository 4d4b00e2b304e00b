// Fetching a finished query's stored results, and what a failed call tells the error views. Apart from
// queryActions.ts so the poller (queryPolling.ts), which queryActions uses, can fetch results too.
import { isApiError } from '../../../api/ApiError';
import * as sqllabApi from '../api/sqllabApi';
import { changesSchema, forgetDatabase } from '../editor/schemaCompletion';
import { queryErrorMessage, queryFailed, querySuccess, requestQueryResults } from '../state/queryTransitions';
import { apply, getQuery, holdResults } from '../state/store';
import type { QueryResults } from '../state/types';

/** The message and structured errors of a failed call, as the error views want them. */
export function describeError(error: unknown, fallback?: string) {
  if (isApiError(error)) {
    const body = (error.body ?? {}) as { error?: string; message?: string; link?: string };
    const message = queryErrorMessage({
      error: body.error,
      message: typeof body.message === 'string' ? body.message : error.message || fallback,
      statusText: fallback,
    });
    return { message, errors: error.errors, link: body.link ?? null };
  }
  return { message: fallback ?? (error instanceof Error ? error.message : 'Unknown error'), errors: [], link: null };
}

/** A CTAS/CVAS or DDL that succeeded made the schema browser's and autocomplete's table lists stale. */
export function afterSuccess(queryId: string) {
  const q = getQuery(queryId);
  if (q?.state === 'success' && q.dbId && !q.isDataPreview && (q.ctas || changesSchema(q.sql))) forgetDatabase(q.dbId);
}

/** Fetches stored results by results key (async queries, results dropped from local storage). */
export async function fetchQueryResults(queryId: string, rows?: number): Promise<void> {
  const query = getQuery(queryId);
  if (!query?.resultsKey) return;
  apply((s) => requestQueryResults(s, queryId));
  try {
    const json = await sqllabApi.fetchResults(query.resultsKey, rows);
    const results: QueryResults = { ...json, status: json.status ?? 'success' };
    apply((s) => querySuccess(s, queryId, holdResults(results), Date.now()));
    afterSuccess(queryId);
  } catch (error) {
    const { message, errors, link } = describeError(error, 'Failed at retrieving results');
    apply((s) => queryFailed(s, queryId, message, Date.now(), link, errors));
  }
}
