// The chart status machine of spec section 4 ("Chart status"), as pure transitions: Explore and
// dashboards keep one ChartState per chart and move it with these.
export type ChartStatus = '' | 'loading' | 'success' | 'rendered' | 'failed' | 'stopped';

export const STOPPED_MESSAGE = 'Updating chart was stopped';
export const RENDER_ERROR = (message: string) => `An error occurred while rendering the visualization: ${message}`;
export const UNEXPECTED_STATUS = (status: number) => `Received unexpected response status (${status}) while fetching chart data`;

export interface ChartState {
  chartStatus: ChartStatus;
  chartAlert: string | null;
  chartStackTrace: string | null;
  chartUpdateStartTime: number | null;
  chartUpdateEndTime: number | null;
  /** The form data the last query was built from (Superset's latestQueryFormData). */
  latestQueryFormData: Record<string, unknown> | null;
  lastRendered: number | null;
  /** Annotation layers: data and errors by layer name, and the query in flight per layer. */
  annotationData: Record<string, unknown>;
  annotationError: Record<string, string>;
  annotationQuery: Record<string, number>;
}

export const initialChartState = (): ChartState => ({
  chartStatus: '',
  chartAlert: null,
  chartStackTrace: null,
  chartUpdateStartTime: null,
  chartUpdateEndTime: null,
  latestQueryFormData: null,
  lastRendered: null,
  annotationData: {},
  annotationError: {},
  annotationQuery: {},
});

/** loading on update start or trigger query. */
export const chartUpdateStarted = (s: ChartState, formData: Record<string, unknown>, now: number): ChartState => ({
  ...s,
  chartStatus: 'loading',
  chartAlert: null,
  chartStackTrace: null,
  chartUpdateStartTime: now,
  chartUpdateEndTime: null,
  latestQueryFormData: formData,
});

/** success when the update succeeds. */
export const chartUpdateSucceeded = (s: ChartState, now: number): ChartState => ({ ...s, chartStatus: 'success', chartAlert: null, chartUpdateEndTime: now });

/** stopped when it is stopped (alert 'Updating chart was stopped'). */
export const chartUpdateStopped = (s: ChartState, now: number): ChartState => ({ ...s, chartStatus: 'stopped', chartAlert: STOPPED_MESSAGE, chartUpdateEndTime: now });

/** failed on update failure. */
export const chartUpdateFailed = (s: ChartState, message: string, stackTrace: string | null, now: number): ChartState => ({
  ...s,
  chartStatus: 'failed',
  chartAlert: message,
  chartStackTrace: stackTrace,
  chartUpdateEndTime: now,
});

/** rendered when rendering succeeds. */
/** Spec §4: a chart can also be removed: its state leaves the charts map (a component deleted from a dashboard). */
export function chartRemoved<T>(charts: Readonly<Record<number, T>>, chartId: number): Record<number, T> {
  const next: Record<number, T> = { ...charts };
  delete next[chartId];
  return next;
}

export const chartRenderSucceeded = (s: ChartState, now: number): ChartState => ({ ...s, chartStatus: 'rendered', lastRendered: now });

/** failed on render failure. */
export const chartRenderFailed = (s: ChartState, message: string, stackTrace: string | null): ChartState => ({
  ...s,
  chartStatus: 'failed',
  chartAlert: RENDER_ERROR(message),
  chartStackTrace: stackTrace,
});

/** After datasources are set, failed charts that have a stack trace are reset to an empty status. */
export const afterDatasourcesSet = (s: ChartState): ChartState =>
  s.chartStatus === 'failed' && s.chartStackTrace ? { ...s, chartStatus: '', chartAlert: null, chartStackTrace: null } : s;

/** Starting an annotation query aborts any earlier one for the same annotation (a newer query id wins). */
export const annotationQueryStarted = (s: ChartState, name: string, queryId: number): ChartState => ({
  ...s,
  annotationQuery: { ...s.annotationQuery, [name]: queryId },
});

const withoutKey = <T,>(o: Record<string, T>, key: string) => Object.fromEntries(Object.entries(o).filter(([k]) => k !== key));

/** Success stores data and clears the error (a no-data answer counts as success). Late answers of aborted queries are ignored. */
export const annotationQuerySucceeded = (s: ChartState, name: string, queryId: number, data: unknown): ChartState =>
  s.annotationQuery[name] !== queryId
    ? s
    : { ...s, annotationData: { ...s.annotationData, [name]: data ?? [] }, annotationError: withoutKey(s.annotationError, name), annotationQuery: withoutKey(s.annotationQuery, name) };

/** Failure clears data and stores an error. */
export const annotationQueryFailed = (s: ChartState, name: string, queryId: number, message: string): ChartState =>
  s.annotationQuery[name] !== queryId
    ? s
    : { ...s, annotationData: withoutKey(s.annotationData, name), annotationError: { ...s.annotationError, [name]: message }, annotationQuery: withoutKey(s.annotationQuery, name) };

/**
 * Async chart data: 200 is immediate data, 202 means wait for the async job, any other status throws
 * 'Received unexpected response status (%s) while fetching chart data'.
 */
export function classifyChartDataResponse(status: number): 'data' | 'async' {
  if (status === 200) return 'data';
  if (status === 202) return 'async';
  throw new Error(UNEXPECTED_STATUS(status));
}
