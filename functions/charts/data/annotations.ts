// annotation_data of a chart data query (Superset's QueryContextProcessor.get_annotation_data):
// NATIVE layers answer their annotations as records; chart-sourced layers run that saved chart's
// query (its form data with the layer's overrides, a null override taking this query's value) and
// answer records (table source, events and intervals) or series of points (line source, time series).
// Formula layers need no data. A NATIVE layer's annotations go only to users who may read annotation
// layers (can_read on Annotation, as the layer API asks); for others the layer is left out, and the
// chart draws without it. Computed per request, outside the result cache, so a new annotation
// shows at once; a source chart's own query goes through the cache as any chart's does.
import { badRequest } from '../../../shared/errors';
import type { ChartDataQueryContext, QueryObject } from '../../../shared/schemas/chartData';
import { getSinceUntil } from '../../../shared/timeRange/index';
import { addUnits, unitOf, type CalendarUnit } from '../../../shared/timeRange/calendar';
import { annotationLayersOf, needsQuery, type AnnotationLayer, type TimeseriesAnnotationSeries } from '../../../shared/viz/annotations/types';
import { getPlugin } from '../../../shared/viz/registry';
import type { FormData } from '../../../shared/viz/types';
import { findLayer, listAnnotations } from '../../annotations/repository';
import { ANNOTATION_VIEW } from '../../annotations/layers';
import { can } from '../../../shared/security/permissions';
import type { Identity } from '../../http/identity';
import type { Ports } from '../../ports/index';
import { chartFormData } from '../present';
import { findChart } from '../repository';
import { canSeeChart } from '../service';
import { GenericDataType } from '../../../shared/viz/query/contract';

/** One result of a source chart's query (the parts annotations read). */
export interface SourceResult {
  colnames: string[];
  coltypes: number[];
  data: Record<string, unknown>[];
}
/** Runs a chart data request as the same user (the chart data service, passed in to avoid an import circle). */
export type RunSourceChart = (context: ChartDataQueryContext, sliceId: number) => Promise<SourceResult[]>;

const NATIVE_COLUMNS = ['start_dttm', 'end_dttm', 'short_descr', 'long_descr', 'json_metadata'];

async function nativeData(ports: Ports, layer: AnnotationLayer) {
  const id = Number(layer.value);
  if (!(await findLayer(ports, id))) throw badRequest(`Annotation layer ${layer.value} does not exist`);
  const annotations = (await listAnnotations(ports, id)).sort((a, b) => a.start_dttm - b.start_dttm);
  // Datetimes as the chart data API serialises them: epoch milliseconds.
  return { columns: NATIVE_COLUMNS, records: annotations.map((a) => ({ start_dttm: a.start_dttm, end_dttm: a.end_dttm, short_descr: a.short_descr, long_descr: a.long_descr, json_metadata: a.json_metadata })) };
}

/** A time_shift ('1 week ago', '52 weeks', '1 year') as a calendar move back: amount and unit. */
export function parseShift(shift: string): { amount: number; unit: CalendarUnit } {
  const m = /^\s*(\d+)\s+([a-z]+?)s?\s*(ago|later)?\s*$/i.exec(shift);
  const unit = m ? unitOf(m[2]) : null;
  if (!m || !unit) throw badRequest(`Invalid time shift: ${shift}`);
  return { amount: Number(m[1]) * (m[3]?.toLowerCase() === 'later' ? -1 : 1), unit };
}
type Shift = ReturnType<typeof parseShift>;
/** Moves an instant by the shift: forward (+1) draws the past over the present. */
const moved = (ms: number, shift: Shift, direction: 1 | -1) => addUnits(new Date(ms), direction * shift.amount, shift.unit).getTime();

const iso = (ms: number) => new Date(ms).toISOString().slice(0, 19);

type Filter = { operator?: unknown; comparator?: unknown };
const isTemporalRange = (f: unknown) => (f as Filter | null)?.operator === 'TEMPORAL_RANGE';

/** The time range a query filters on: its time_range, else its TEMPORAL_RANGE filter's. */
function queryTimeRange(query: QueryObject): string | null {
  const filter = (query.filters ?? []).find((f) => f.op === 'TEMPORAL_RANGE');
  return query.time_range ?? (typeof filter?.val === 'string' ? filter.val : null);
}

/** The time range of a chart's form data: its TEMPORAL_RANGE filter's comparator, else time_range. */
function formTimeRange(formData: Record<string, unknown>): string | null {
  const filter = (Array.isArray(formData.adhoc_filters) ? formData.adhoc_filters : []).find(isTemporalRange) as Filter | undefined;
  const value = typeof filter?.comparator === 'string' ? filter.comparator : formData.time_range;
  return typeof value === 'string' ? value : null;
}

/** Sets the time range the way Explore and dashboards do: on time_range and on every TEMPORAL_RANGE filter. */
function setTimeRange(formData: Record<string, unknown>, range: string) {
  formData.time_range = range;
  if (Array.isArray(formData.adhoc_filters)) {
    formData.adhoc_filters = formData.adhoc_filters.map((f) => (isTemporalRange(f) ? { ...(f as object), comparator: range } : f));
  }
}

/** The source chart's form data with the layer's overrides (null: this query's own value). */
function overriddenFormData(base: Record<string, unknown>, layer: AnnotationLayer, query: QueryObject): Record<string, unknown> {
  const own: Record<string, unknown> = {
    time_range: queryTimeRange(query),
    granularity: query.granularity ?? query.granularity_sqla ?? null,
    time_grain_sqla: (query.extras as { time_grain_sqla?: unknown } | undefined)?.time_grain_sqla ?? null,
    time_shift: null,
  };
  const formData: Record<string, unknown> = { ...base, annotation_layers: [] };
  for (const [key, value] of Object.entries(layer.overrides)) {
    if (!(key in own)) continue;
    const v = value === null || value === undefined ? own[key] : value;
    if (v === null || v === undefined || v === '') continue;
    if (key === 'granularity') {
      formData.granularity_sqla = v;
      formData.granularity = v;
    } else if (key === 'time_range') setTimeRange(formData, String(v));
    else formData[key] = v;
  }
  return formData;
}

function shiftValue(value: unknown, shift: Shift | null): unknown {
  if (!shift) return value;
  if (typeof value === 'number') return moved(value, shift, 1);
  if (typeof value === 'string' && !Number.isNaN(Date.parse(value))) return moved(Date.parse(/Z|[+-]\d\d:?\d\d$/.test(value) ? value : `${value}Z`), shift, 1);
  return value;
}

function asTimeseries(result: SourceResult | undefined, delta: Shift | null): TimeseriesAnnotationSeries[] {
  if (!result) return [];
  const xIndex = Math.max(0, result.coltypes.indexOf(GenericDataType.Temporal));
  const xKey = result.colnames[xIndex];
  return result.colnames
    .filter((c, i) => c !== xKey && result.coltypes[i] === 0)
    .map((key) => ({
      key,
      values: result.data.map((row) => ({ x: shiftValue(row[xKey], delta) as number | string, y: typeof row[key] === 'number' ? (row[key] as number) : row[key] === null ? null : Number(row[key]) })),
    }));
}

async function chartSourcedData(ports: Ports, user: Identity, layer: AnnotationLayer, query: QueryObject, run: RunSourceChart) {
  const chart = await findChart(ports, Number(layer.value));
  if (!chart || !(await canSeeChart(ports, user, chart))) throw badRequest('The chart does not exist');
  const plugin = getPlugin(chart.viz_type);
  if (!plugin) throw badRequest(`The visualization type ${chart.viz_type} is not supported`);
  const formData = overriddenFormData(chartFormData(chart), layer, query);
  // A time shift runs the source over the range moved back, and draws its times moved forward again.
  const delta = typeof formData.time_shift === 'string' && formData.time_shift.trim() ? parseShift(formData.time_shift) : null;
  if (delta) {
    const { since, until } = getSinceUntil(formTimeRange(formData), { now: new Date(ports.clock.now()) });
    const back = (d: Date | null) => (d ? iso(moved(d.getTime(), delta, -1)) : '');
    if (since || until) setTimeRange(formData, `${back(since)} : ${back(until)}`);
  }
  const results = await run(plugin.buildQuery(formData as FormData), chart.id);
  const first = results[0];
  if (layer.annotationType === 'TIME_SERIES') return asTimeseries(first, delta);
  const timeColumns = [layer.timeColumn, layer.intervalEndColumn].filter((c): c is string => Boolean(c));
  const records = (first?.data ?? []).map((row) =>
    delta ? { ...row, ...Object.fromEntries(timeColumns.map((c) => [c, shiftValue(row[c], delta)])) } : row,
  );
  return { columns: first?.colnames ?? [], records };
}

/** annotation_data of one query object: every shown layer that needs data, keyed by layer name. */
export async function annotationData(ports: Ports, user: Identity, query: QueryObject, run: RunSourceChart): Promise<Record<string, unknown>> {
  const layers = annotationLayersOf(query.annotation_layers).filter((l) => l.show && needsQuery(l));
  const data: Record<string, unknown> = {};
  for (const layer of layers) {
    if (layer.sourceType === 'NATIVE' && !can(user, 'can_read', ANNOTATION_VIEW)) continue;
    data[layer.name] = layer.sourceType === 'NATIVE' ? await nativeData(ports, layer) : await chartSourcedData(ports, user, layer, query, run);
  }
  return data;
}
