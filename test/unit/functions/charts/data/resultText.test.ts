import { describe, expect, it } from 'vitest';
import { answerJson, cachedResult, freshResult, resultJson, resultObject } from '../../../../../functions/charts/data/resultText';
import type { QueryResult } from '../../../../../functions/charts/data/queryRun';

const result = {
  cache_key: 'k', cached_dttm: null, cache_timeout: 60, is_cached: false, applied_template_filters: [], annotation_data: {},
  error: null, stacktrace: null, status: 'success', query: 'SELECT 1', language: 'sql', from_dttm: null, to_dttm: null,
  label_map: { a: ['a'] }, colnames: ['a'], indexnames: [0], coltypes: [0], data: [{ a: 1 }], rowcount: 1, sql_rowcount: 1,
  applied_filters: [{ column: 'a' }], rejected_filters: [], result_format: 'json',
} satisfies QueryResult;

describe('chart result text', () => {
  it('a fresh answer keeps the request fields apart and serialises the rest once', () => {
    const fresh = freshResult(result);
    expect(JSON.parse(fresh.rest)).not.toHaveProperty('is_cached');
    expect(JSON.parse(resultJson(fresh))).toEqual(result);
    expect(resultObject(fresh)).toBe(result);
  });
  it('a cached answer is the stored text with this request\'s fields: cached, when, and its own filters', () => {
    const stored = freshResult(result);
    const hit = cachedResult(
      { cachedAtMs: Date.UTC(2026, 0, 2, 3, 4, 5), expiresAtMs: null, meta: { applied_filters: [{ column: 'a' }], rejected_filters: [] }, text: stored.rest },
      { appliedFilters: [], rejectedFilters: [{ column: 'b', reason: 'not_in_datasource' }] },
    );
    const expected = { ...result, is_cached: true, cached_dttm: '2026-01-02T03:04:05.000', applied_filters: [], rejected_filters: [{ column: 'b', reason: 'not_in_datasource' }] };
    expect(JSON.parse(resultJson(hit))).toEqual(expected);
    expect(resultObject(hit)).toEqual(expected);
    expect(JSON.parse(answerJson([hit, stored]))).toEqual({ result: [expected, result] });
  });
  it('a plan that compiled nothing keeps the filters stored with the answer', () => {
    const hit = cachedResult({ cachedAtMs: 0, expiresAtMs: null, meta: { applied_filters: [{ column: 'x' }], rejected_filters: [] }, text: freshResult(result).rest }, null);
    expect(hit.fields.applied_filters).toEqual([{ column: 'x' }]);
  });
});
