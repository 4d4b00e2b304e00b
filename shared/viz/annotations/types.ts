// Annotation layers as form data keeps them (`annotation_layers`, Superset's AnnotationLayer control)
// and as the chart data answer returns their data (`annotation_data`, keyed by layer name).
import { z } from 'zod';

export const ANNOTATION_TYPES = ['FORMULA', 'EVENT', 'INTERVAL', 'TIME_SERIES'] as const;
export type AnnotationType = (typeof ANNOTATION_TYPES)[number];
export const ANNOTATION_TYPE_LABELS: Record<AnnotationType, string> = {
  FORMULA: 'Formula',
  EVENT: 'Event',
  INTERVAL: 'Interval',
  TIME_SERIES: 'Time series',
};

/** '' for formulas; NATIVE for Superset annotation layers; a chart's viz family for chart sources. */
export const SOURCE_TYPES = ['', 'NATIVE', 'line', 'table'] as const;
export type AnnotationSourceType = (typeof SOURCE_TYPES)[number];
/** Which sources each annotation type may use (Superset: event/interval from layers or table charts). */
export const SOURCES_BY_TYPE: Record<AnnotationType, AnnotationSourceType[]> = {
  FORMULA: [''],
  EVENT: ['NATIVE', 'table'],
  INTERVAL: ['NATIVE', 'table'],
  TIME_SERIES: ['line'],
};
export const SOURCE_LABELS: Record<AnnotationSourceType, string> = { '': 'Formula', NATIVE: 'Superset annotation', line: 'Line chart', table: 'Table' };

export const ANNOTATION_STYLES = ['solid', 'dashed', 'dotted', 'longDashed'] as const;
export type AnnotationStyle = (typeof ANNOTATION_STYLES)[number];
export const ANNOTATION_OPACITIES = ['', 'opacityLow', 'opacityMedium', 'opacityHigh'] as const;
export type AnnotationOpacity = (typeof ANNOTATION_OPACITIES)[number];

/** The columns of a layer's annotations a NATIVE source reads (Superset's NATIVE_COLUMN_NAMES). */
export const NATIVE_COLUMN_NAMES = {
  timeColumn: 'start_dttm',
  intervalEndColumn: 'end_dttm',
  titleColumn: 'short_descr',
  descriptionColumns: ['long_descr'],
};

/** Overrides of the source chart's query: a null value means "take this chart's value". */
export const OVERRIDE_KEYS = ['time_range', 'granularity', 'time_grain_sqla', 'time_shift'] as const;
export type OverrideKey = (typeof OVERRIDE_KEYS)[number];

export const AnnotationLayerSchema = z.object({
  name: z.string().min(1).max(256),
  annotationType: z.enum(ANNOTATION_TYPES),
  sourceType: z.enum(SOURCE_TYPES).default(''),
  /** The formula, the annotation layer id (NATIVE) or the source chart id. */
  value: z.union([z.string().max(1000), z.number()]),
  show: z.boolean().default(true),
  showLabel: z.boolean().default(false),
  overrides: z.record(z.string(), z.unknown()).default({}),
  style: z.enum(ANNOTATION_STYLES).default('solid'),
  color: z.string().max(64).nullish(),
  opacity: z.enum(ANNOTATION_OPACITIES).default(''),
  width: z.number().min(0).max(50).default(1),
  showMarkers: z.boolean().default(false),
  hideLine: z.boolean().default(false),
  titleColumn: z.string().max(256).nullish(),
  descriptionColumns: z.array(z.string().max(256)).max(20).nullish(),
  timeColumn: z.string().max(256).nullish(),
  intervalEndColumn: z.string().max(256).nullish(),
});
export type AnnotationLayer = z.output<typeof AnnotationLayerSchema>;
export type AnnotationLayerInput = z.input<typeof AnnotationLayerSchema>;

/** The layers of form data that are well formed (others are skipped, as a chart must still draw). */
export function annotationLayersOf(value: unknown): AnnotationLayer[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((raw) => {
    const parsed = AnnotationLayerSchema.safeParse(raw);
    return parsed.success ? [parsed.data] : [];
  });
}

/** Superset's parseAnnotationOpacity. */
export function opacityValue(opacity: AnnotationOpacity): number {
  if (opacity === 'opacityLow') return 0.2;
  if (opacity === 'opacityMedium') return 0.5;
  if (opacity === 'opacityHigh') return 0.8;
  return 1;
}

/** ECharts line type of a style (long dashes as a dash array). */
export const lineType = (style: AnnotationStyle): 'solid' | 'dashed' | 'dotted' | number[] =>
  style === 'longDashed' ? [12, 6] : style;

/** Event and interval sources answer records; time series sources answer series of points. */
export interface RecordAnnotationResult {
  columns?: string[];
  records: Record<string, unknown>[];
}
export interface TimeseriesAnnotationSeries {
  key: string;
  values: { x: number | string; y: number | null }[];
}
export type AnnotationResult = RecordAnnotationResult | TimeseriesAnnotationSeries[];
export type AnnotationData = Record<string, AnnotationResult>;

export const isRecordResult = (r: unknown): r is RecordAnnotationResult =>
  typeof r === 'object' && r !== null && !Array.isArray(r) && Array.isArray((r as RecordAnnotationResult).records);
export const isTimeseriesResult = (r: unknown): r is TimeseriesAnnotationSeries[] => Array.isArray(r);

/** Layers whose data the server fetches (formulas are drawn from the formula alone). */
export const needsQuery = (layer: AnnotationLayer) => layer.annotationType !== 'FORMULA' && layer.sourceType !== '';
