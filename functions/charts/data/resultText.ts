// A query's answer as the cache keeps it: the JSON text of every field but the four that belong to the
// request (is_cached, cached_dttm, applied_filters, rejected_filters). A cached answer is sent as that
// text with this request's fields put in front, so its rows are never parsed and serialised again; a
// fresh answer is serialised once, for the cache and the response alike.
import type { CachedText } from './cache';
import type { QueryResult } from './queryRun';

/** The fields of an answer that this request decides, not the cached rows. */
export interface RequestFields {
  is_cached: boolean;
  cached_dttm: string | null;
  applied_filters: QueryResult['applied_filters'];
  rejected_filters: QueryResult['rejected_filters'];
}

/** Kept beside a cached answer: the filters as they were when it ran (for plans that compile nothing). */
export type CachedFilters = Pick<RequestFields, 'applied_filters' | 'rejected_filters'>;

/** What a cached answer keeps beside its text: its filters, and whose answer it may be (GET by key). */
export interface CachedMeta extends CachedFilters {
  datasource_id?: number;
  /** The row level security it ran under. */
  row_level_filters?: string[][];
}

export interface ResolvedResult {
  fields: RequestFields;
  /** JSON text of the answer without the request's fields (what the cache holds). */
  rest: string;
  /** The answer as an object when it was just computed; a cached one is parsed only if asked for. */
  object: QueryResult | null;
}

const iso = (ms: number) => new Date(ms).toISOString().replace('Z', '');

/** A fresh answer: serialised once. */
export function freshResult(result: QueryResult): ResolvedResult {
  const { is_cached, cached_dttm, applied_filters, rejected_filters, ...rest } = result;
  return { fields: { is_cached, cached_dttm, applied_filters, rejected_filters }, rest: JSON.stringify(rest), object: result };
}

/**
 * A cached answer for this request: the rows are the cache's, but which filters were applied or
 * rejected is this request's (a filter on a column the dataset lacks leaves the SQL, and so the key,
 * unchanged, yet the chart must still say it was not applied).
 */
export function cachedResult(entry: CachedText<CachedMeta>, compiled: { appliedFilters: RequestFields['applied_filters']; rejectedFilters: RequestFields['rejected_filters'] } | null): ResolvedResult {
  return {
    fields: {
      is_cached: true,
      cached_dttm: iso(entry.cachedAtMs),
      applied_filters: compiled?.appliedFilters ?? entry.meta?.applied_filters ?? [],
      rejected_filters: compiled?.rejectedFilters ?? entry.meta?.rejected_filters ?? [],
    },
    rest: entry.text,
    object: null,
  };
}

export const resultObject = (result: ResolvedResult): QueryResult =>
  result.object ?? ({ ...(JSON.parse(result.rest) as Omit<QueryResult, keyof RequestFields>), ...result.fields } as QueryResult);

/** The answer's JSON text: the request's fields, then the stored text, which is not parsed. */
export function resultJson(result: ResolvedResult): string {
  const fields = JSON.stringify(result.fields);
  return result.rest === '{}' ? fields : `${fields.slice(0, -1)},${result.rest.slice(1)}`;
}

/** `{"result": [...]}` of whole answers, as JSON text. */
export const answerJson = (results: ResolvedResult[]) => `{"result":[${results.map(resultJson).join(',')}]}`;
