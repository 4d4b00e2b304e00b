// Annotation query state rules: spec section 4 "Chart status" (annotation queries) and section 8.
import { describe, expect, it } from 'vitest';
import {
  annotationFailureMessage,
  annotationQueriesAnswered,
  annotationQueriesFailed,
  annotationQueriesStarted,
  queriedLayerNames,
} from '../../../../../../frontend/src/features/charts/state/annotationQueries';
import { initialChartState } from '../../../../../../frontend/src/features/charts/state/chartStatus';
import { ApiError } from '../../../../../../frontend/src/api/ApiError';

const layers = ['events', 'windows'];

describe('annotation query state rules', () => {
  it('queries only shown layers that need data (formulas need none)', () => {
    expect(
      queriedLayerNames({
        annotation_layers: [
          { name: 'events', annotationType: 'EVENT', sourceType: 'NATIVE', value: 1, show: true },
          { name: 'trend', annotationType: 'FORMULA', sourceType: '', value: 'x', show: true },
          { name: 'hidden', annotationType: 'INTERVAL', sourceType: 'NATIVE', value: 1, show: false },
          { name: 'series', annotationType: 'TIME_SERIES', sourceType: 'line', value: 4 },
        ],
      }),
    ).toEqual(['events', 'series']);
  });

  it('starting one aborts an earlier one for the same annotation: the earlier answer is ignored', () => {
    let s = annotationQueriesStarted(initialChartState(), layers, 1);
    s = annotationQueriesStarted(s, ['events'], 2);
    expect(s.annotationQuery).toEqual({ events: 2, windows: 1 });
    const late = annotationQueriesAnswered(s, ['events'], 1, [{ annotation_data: { events: { records: [1] } } }]);
    expect(late.annotationData).toEqual({});
    const answered = annotationQueriesAnswered(s, ['events'], 2, [{ annotation_data: { events: { records: [2] } } }]);
    expect(answered.annotationData).toEqual({ events: { records: [2] } });
    expect(answered.annotationQuery).toEqual({ windows: 1 });
  });

  it('success stores data and clears the error', () => {
    let s = annotationQueriesFailed(annotationQueriesStarted(initialChartState(), layers, 1), layers, 1, new Error('boom'));
    expect(s.annotationError).toEqual({ events: 'boom', windows: 'boom' });
    s = annotationQueriesAnswered(annotationQueriesStarted(s, layers, 2), layers, 2, [{ annotation_data: { events: { records: [] }, windows: { records: [3] } } }]);
    expect(s.annotationError).toEqual({});
    expect(s.annotationData).toEqual({ events: { records: [] }, windows: { records: [3] } });
  });

  it('failure clears data and stores the error', () => {
    let s = annotationQueriesAnswered(annotationQueriesStarted(initialChartState(), layers, 1), layers, 1, [{ annotation_data: { events: { records: [1] }, windows: { records: [2] } } }]);
    s = annotationQueriesFailed(annotationQueriesStarted(s, ['events'], 2), ['events'], 2, ApiError.fromResponse('chartData.run', 400, 'Bad Request', { message: 'The chart does not exist', errors: [] }));
    expect(s.annotationData).toEqual({ windows: { records: [2] } });
    expect(s.annotationError).toEqual({ events: 'The chart does not exist' });
  });

  it("a timeout shows 'Query timeout'", () => {
    expect(annotationFailureMessage(ApiError.timeout('chartData.run', 60_000))).toBe('Query timeout');
    expect(annotationFailureMessage(Object.assign(new Error('signal timed out'), { name: 'TimeoutError' }))).toBe('Query timeout');
    const s = annotationQueriesFailed(annotationQueriesStarted(initialChartState(), ['events'], 1), ['events'], 1, ApiError.timeout('chartData.run', 60_000));
    expect(s.annotationError).toEqual({ events: 'Query timeout' });
  });

  it('an abort is silent: no error, data kept, the query forgotten', () => {
    let s = annotationQueriesAnswered(annotationQueriesStarted(initialChartState(), ['events'], 1), ['events'], 1, [{ annotation_data: { events: { records: [1] } } }]);
    s = annotationQueriesStarted(s, ['events'], 2);
    s = annotationQueriesFailed(s, ['events'], 2, new DOMException('aborted', 'AbortError'));
    expect(s.annotationError).toEqual({});
    expect(s.annotationData).toEqual({ events: { records: [1] } });
    expect(s.annotationQuery).toEqual({});
  });

  it('a no-data answer counts as success', () => {
    const s = annotationQueriesAnswered(annotationQueriesStarted(initialChartState(), layers, 1), layers, 1, [{}]);
    expect(s.annotationError).toEqual({});
    expect(s.annotationData).toEqual({ events: [], windows: [] });
    expect(s.annotationQuery).toEqual({});
  });
});
