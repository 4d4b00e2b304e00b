// The annotation queries of one chart run (spec section 4 "Chart status" and section 8): every layer
// that needs data gets a query; starting one aborts an earlier one for the same annotation, success
// stores its data and clears its error (a no-data answer counts as success), failure clears its data
// and stores the error, a timeout reads 'Query timeout' and an abort is silent. Annotation data
// travels in the chart data answer (annotation_data keyed by layer name), so a chart run carries
// its layers' queries. Pure: the stores call these with the answer or the error.
import { annotationLayersOf, needsQuery } from '../../../../../shared/viz/annotations/types';
import { annotationQueryFailed, annotationQueryStarted, annotationQuerySucceeded, type ChartState } from './chartStatus';

export const ANNOTATION_TIMEOUT_MESSAGE = 'Query timeout';

/** The names of the layers in form data whose data comes from a query (formulas need none). */
export const queriedLayerNames = (formData: Record<string, unknown>): string[] =>
  annotationLayersOf(formData.annotation_layers)
    .filter((l) => l.show && needsQuery(l))
    .map((l) => l.name);

/** null when the failure is an abort (silent); else the message the layer shows. */
export function annotationFailureMessage(error: unknown): string | null {
  const e = error as { name?: string; errorType?: string; message?: string } | null;
  if (e?.name === 'AbortError') return null;
  if (e?.errorType === 'FRONTEND_TIMEOUT_ERROR' || e?.name === 'TimeoutError') return ANNOTATION_TIMEOUT_MESSAGE;
  return e?.message || 'Network error';
}

/** A run starts a query per layer (the new query id replaces, and so aborts, any earlier one). */
export function annotationQueriesStarted(s: ChartState, names: string[], queryId: number): ChartState {
  return names.reduce((state, name) => annotationQueryStarted(state, name, queryId), s);
}

/** The answer: each layer's annotation_data, or none (still a success). */
export function annotationQueriesAnswered(s: ChartState, names: string[], queryId: number, answer: { annotation_data?: unknown }[] | null | undefined): ChartState {
  const data = (answer?.[0]?.annotation_data ?? {}) as Record<string, unknown>;
  return names.reduce((state, name) => annotationQuerySucceeded(state, name, queryId, data[name]), s);
}

/** The run failed: each layer stores the error; an abort only forgets the query. */
export function annotationQueriesFailed(s: ChartState, names: string[], queryId: number, error: unknown): ChartState {
  const message = annotationFailureMessage(error);
  if (message === null) {
    const annotationQuery = Object.fromEntries(Object.entries(s.annotationQuery).filter(([name, id]) => !(names.includes(name) && id === queryId)));
    return { ...s, annotationQuery };
  }
  return names.reduce((state, name) => annotationQueryFailed(state, name, queryId, message), s);
}
