// Annotation layers -> ECharts series for the time-series plugins, as Superset's transformers draw
// them: a formula as a line series over the chart's x values, an event as a markLine, an interval as
// a markArea, a time series as extra line series. Pure, so reports (ECharts SSR) draw them too.
import type { ColorScale } from '../color/schemes';
import { FormulaError, compileFormula } from './formula';
import {
  NATIVE_COLUMN_NAMES,
  isRecordResult,
  isTimeseriesResult,
  lineType,
  opacityValue,
  type AnnotationData,
  type AnnotationLayer,
} from './types';

type Option = Record<string, unknown>;

interface Annotation {
  time: number | string | null;
  intervalEnd: number | string | null;
  title: string;
  descriptions: string[];
}

/** Times as the x axis holds them: epoch ms; naive ISO text is UTC, as the server writes it. */
export function timeValue(value: unknown): number | string | null {
  if (value === null || value === undefined || value === '') return null;
  if (typeof value === 'number') return value;
  const text = String(value);
  if (/^-?\d+$/.test(text)) return Number(text);
  const iso = /T\d{2}:\d{2}/.test(text) && !/(Z|[+-]\d{2}:?\d{2})$/.test(text) ? `${text}Z` : text;
  const ms = Date.parse(iso);
  return Number.isNaN(ms) ? text : ms;
}

/** The records of an event or interval layer, read through its columns (Superset's extractRecordAnnotations). */
export function recordAnnotations(layer: AnnotationLayer, data: AnnotationData): Annotation[] {
  const result = data[layer.name];
  if (!isRecordResult(result)) return [];
  const native = layer.sourceType === 'NATIVE';
  const timeColumn = layer.timeColumn || (native ? NATIVE_COLUMN_NAMES.timeColumn : '');
  const endColumn = layer.intervalEndColumn || (native ? NATIVE_COLUMN_NAMES.intervalEndColumn : '');
  const titleColumn = layer.titleColumn || (native ? NATIVE_COLUMN_NAMES.titleColumn : '');
  const descriptionColumns = layer.descriptionColumns?.length ? layer.descriptionColumns : native ? NATIVE_COLUMN_NAMES.descriptionColumns : [];
  return result.records.map((record) => ({
    time: timeValue(record[timeColumn]),
    intervalEnd: timeValue(record[endColumn]),
    title: record[titleColumn] === null || record[titleColumn] === undefined ? '' : String(record[titleColumn]),
    descriptions: descriptionColumns.map((c) => record[c]).filter((d) => d !== null && d !== undefined && d !== '').map(String),
  }));
}

const labelOf = (a: Annotation) => [a.title, ...a.descriptions].filter(Boolean).join('\n\n');

function lineStyle(layer: AnnotationLayer, color: string): Option {
  return { color, opacity: opacityValue(layer.opacity), type: lineType(layer.style), width: layer.width };
}

function formulaSeries(layer: AnnotationLayer, xValues: (number | string)[], color: string): Option[] {
  let f: (x: number) => number;
  try {
    f = compileFormula(String(layer.value));
  } catch (error) {
    if (error instanceof FormulaError) return [];
    throw error;
  }
  const data = xValues
    .filter((x): x is number => typeof x === 'number')
    .map((x) => {
      const y = f(x);
      return [x, Number.isFinite(y) ? y : null];
    });
  return [{ id: layer.name, name: layer.name, type: 'line', data, symbol: 'none', showSymbol: false, lineStyle: lineStyle(layer, color), itemStyle: { color }, z: 3 }];
}

function eventSeries(layer: AnnotationLayer, data: AnnotationData, color: string): Option[] {
  const events = recordAnnotations(layer, data).filter((a) => a.time !== null);
  if (events.length === 0) return [];
  return [
    {
      id: `Event - ${layer.name}`,
      name: layer.name,
      type: 'line',
      data: [],
      markLine: {
        silent: false,
        symbol: 'none',
        lineStyle: lineStyle(layer, color),
        label: { show: layer.showLabel, position: 'insideEndTop', formatter: (p: { name?: string }) => p.name ?? '', color },
        emphasis: { label: { show: true } },
        data: events.map((a) => ({ name: labelOf(a), xAxis: a.time })),
      },
    },
  ];
}

function intervalSeries(layer: AnnotationLayer, data: AnnotationData, color: string): Option[] {
  const intervals = recordAnnotations(layer, data).filter((a) => a.time !== null);
  if (intervals.length === 0) return [];
  return [
    {
      id: `Interval - ${layer.name}`,
      name: layer.name,
      type: 'line',
      data: [],
      markArea: {
        silent: false,
        itemStyle: { color, opacity: layer.opacity ? opacityValue(layer.opacity) : 0.2 },
        label: { show: layer.showLabel, position: 'insideTop', color },
        emphasis: { label: { show: true } },
        data: intervals.map((a) => [{ name: labelOf(a), xAxis: a.time }, { xAxis: a.intervalEnd ?? a.time }]),
      },
    },
  ];
}

function timeseriesSeries(layer: AnnotationLayer, data: AnnotationData, color: ColorScale, markerSize: number): Option[] {
  const result = data[layer.name];
  if (!isTimeseriesResult(result)) return [];
  return result.map((s) => {
    const c = layer.color || color(s.key);
    return {
      id: `${layer.name}: ${s.key}`,
      name: s.key,
      type: 'line',
      data: s.values.map((p) => [timeValue(p.x), p.y]),
      showSymbol: layer.showMarkers,
      symbolSize: layer.showMarkers ? markerSize : 0,
      lineStyle: { ...lineStyle(layer, c), width: layer.hideLine ? 0 : layer.width },
      itemStyle: { color: c },
    };
  });
}

export interface AnnotationDrawInput {
  layers: AnnotationLayer[];
  data: AnnotationData;
  /** The chart's x values (formulas are evaluated there). */
  xValues: (number | string)[];
  color: ColorScale;
  markerSize?: number;
}

/** Every shown layer as ECharts series, in layer order. */
export function annotationSeries(input: AnnotationDrawInput): Option[] {
  return input.layers
    .filter((layer) => layer.show)
    .flatMap((layer) => {
      const color = layer.color || input.color(layer.name);
      if (layer.annotationType === 'FORMULA') return formulaSeries(layer, input.xValues, color);
      if (layer.annotationType === 'EVENT') return eventSeries(layer, input.data, color);
      if (layer.annotationType === 'INTERVAL') return intervalSeries(layer, input.data, color);
      return timeseriesSeries(layer, input.data, input.color, input.markerSize ?? 6);
    });
}
