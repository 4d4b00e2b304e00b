import { describe, expect, it } from 'vitest';
import {
  afterDatasourcesSet,
  annotationQueryFailed,
  annotationQueryStarted,
  annotationQuerySucceeded,
  chartRenderFailed,
  chartRemoved,
  chartRenderSucceeded,
  chartUpdateFailed,
  chartUpdateStarted,
  chartUpdateStopped,
  chartUpdateSucceeded,
  classifyChartDataResponse,
  initialChartState,
} from '../../../../../../frontend/src/features/charts/state/chartStatus';

const fd = { viz_type: 'table' };

describe('Chart status (spec section 4)', () => {
  it('loading on update start or trigger query', () => {
    const s = chartUpdateStarted(initialChartState(), fd, 10);
    expect(s).toMatchObject({ chartStatus: 'loading', chartUpdateStartTime: 10, latestQueryFormData: fd });
  });

  it('success when the update succeeds; rendered when rendering succeeds', () => {
    const s = chartRenderSucceeded(chartUpdateSucceeded(chartUpdateStarted(initialChartState(), fd, 1), 2), 3);
    expect(s).toMatchObject({ chartStatus: 'rendered', chartUpdateEndTime: 2, lastRendered: 3 });
  });

  it("stopped when it is stopped (alert 'Updating chart was stopped')", () => {
    expect(chartUpdateStopped(chartUpdateStarted(initialChartState(), fd, 1), 2)).toMatchObject({ chartStatus: 'stopped', chartAlert: 'Updating chart was stopped' });
  });

  it('failed on update failure or render failure', () => {
    expect(chartUpdateFailed(initialChartState(), 'boom', 'trace', 1)).toMatchObject({ chartStatus: 'failed', chartAlert: 'boom', chartStackTrace: 'trace' });
    expect(chartRenderFailed(initialChartState(), 'bad option', null)).toMatchObject({
      chartStatus: 'failed',
      chartAlert: 'An error occurred while rendering the visualization: bad option',
    });
  });

  it('a chart can also be removed', () => {
    const charts = { 1: initialChartState(), 2: initialChartState() };
    expect(Object.keys(chartRemoved(charts, 1))).toEqual(['2']);
    expect(Object.keys(charts)).toEqual(['1', '2']);
    expect(chartRemoved(charts, 9)).toEqual(charts);
  });

  it('after datasources are set, failed charts that have a stack trace are reset to an empty status', () => {
    const failed = chartUpdateFailed(initialChartState(), 'boom', 'trace', 1);
    expect(afterDatasourcesSet(failed).chartStatus).toBe('');
    const noTrace = chartUpdateFailed(initialChartState(), 'boom', null, 1);
    expect(afterDatasourcesSet(noTrace).chartStatus).toBe('failed');
  });

  it('starting an annotation query aborts any earlier one; success stores data and clears the error; failure clears data and stores an error', () => {
    let s = annotationQueryStarted(initialChartState(), 'events', 1);
    s = annotationQueryStarted(s, 'events', 2);
    expect(annotationQuerySucceeded(s, 'events', 1, [1])).toBe(s);
    s = annotationQueryFailed(s, 'events', 2, 'Query timeout');
    expect(s.annotationError).toEqual({ events: 'Query timeout' });
    s = annotationQuerySucceeded(annotationQueryStarted(s, 'events', 3), 'events', 3, undefined);
    expect(s.annotationData).toEqual({ events: [] });
    expect(s.annotationError).toEqual({});
    s = annotationQueryFailed(annotationQueryStarted(s, 'events', 4), 'events', 4, 'nope');
    expect(s.annotationData).toEqual({});
  });

  it("async chart data: 200 is data, 202 waits for the job, anything else throws 'Received unexpected response status (%s)...'", () => {
    expect(classifyChartDataResponse(200)).toBe('data');
    expect(classifyChartDataResponse(202)).toBe('async');
    expect(() => classifyChartDataResponse(204)).toThrow('Received unexpected response status (204) while fetching chart data');
  });
});
