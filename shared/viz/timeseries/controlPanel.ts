// The timeseries family's control panel, with the per-kind chart options (Superset's Timeseries panels).
import { control, type ControlPanelConfig, type NamedControl } from '../controls/types';
import { sharedControls as c } from '../controls/index';
import { SERIES_SORT_CHOICES } from '../controls/choices';
import type { TimeseriesKind } from './seriesStyle';
import type { FormData } from '../types';
import type { Metric } from '../query/contract';
import { ensureArray, getMetricLabel, getXAxisLabel } from '../controls/formDataUtils';
import { timeseriesOverrides } from '../explore/standardize';
import { annotationsSection } from '../annotations/controlPanel';

export const stack = control('stack', {
  type: 'SelectControl',
  label: 'Stacked Style',
  renderTrigger: true,
  default: null,
  choices: [
    [null, 'None'],
    ['Stack', 'Stack'],
    ['Stream', 'Stream'],
  ],
});
export const seriesType = control('seriesType', {
  type: 'SelectControl',
  label: 'Step type',
  renderTrigger: true,
  default: 'start',
  choices: [
    ['start', 'Start'],
    ['middle', 'Middle'],
    ['end', 'End'],
  ],
});
export const orientation = control('orientation', {
  type: 'SelectControl',
  label: 'Bar orientation',
  renderTrigger: false,
  default: 'vertical',
  choices: [
    ['vertical', 'Vertical'],
    ['horizontal', 'Horizontal'],
  ],
});
export const xAxisLabelRotation = control('xAxisLabelRotation', {
  type: 'SelectControl',
  label: 'Rotate x axis label',
  freeForm: true,
  renderTrigger: true,
  default: 0,
  choices: [
    [0, '0°'],
    [45, '45°'],
    [90, '90°'],
  ],
});
export const sort_series_type = control('sort_series_type', {
  type: 'SelectControl',
  label: 'Sort Series By',
  renderTrigger: true,
  default: 'sum',
  choices: SERIES_SORT_CHOICES,
});
export const sort_series_ascending = control('sort_series_ascending', { type: 'CheckboxControl', label: 'Sort Series Ascending', renderTrigger: true, default: false });
export const x_axis_sort = control('x_axis_sort', {
  type: 'SelectControl',
  label: 'X-Axis Sort By',
  default: null,
  clearable: true,
  // The x axis itself or one of the metrics, as Superset's x_axis_sort offers.
  choices: (fd) => [
    [null, 'None'],
    ...[getXAxisLabel(fd), ...ensureArray(fd.metrics).map((m) => getMetricLabel(m as Metric))].filter(Boolean).map((l) => [l as string, l as string] as const),
  ],
  description: 'Sorting the x axis by its values or a metric (categorical x axis only).',
});
export const x_axis_sort_asc = control('x_axis_sort_asc', { type: 'CheckboxControl', label: 'X-Axis Sort Ascending', default: true, visibility: (fd) => Boolean(fd.x_axis_sort) });

/** The query section rows (used twice by mixed timeseries, with a suffix). */
/**
 * A control renamed with a suffix (mixed chart query B): its visibility and validators read the
 * suffixed keys, as if they were the plain ones.
 */
export function suffixed(ctl: NamedControl, suffix: string): NamedControl {
  if (!suffix) return ctl;
  const unsuffix = (fd: FormData): FormData => {
    const next: FormData = { ...fd };
    for (const [k, v] of Object.entries(fd)) if (k.endsWith(suffix)) next[k.slice(0, -suffix.length)] = v;
    return next;
  };
  return {
    ...ctl,
    name: `${ctl.name}${suffix}`,
    ...(ctl.visibility ? { visibility: (fd: FormData) => ctl.visibility!(unsuffix(fd)) } : {}),
    ...(ctl.validators ? { validators: ctl.validators.map((v) => (value: unknown, fd: FormData) => v(value, unsuffix(fd))) } : {}),
  };
}

export function queryRows(suffix = ''): NamedControl[][] {
  const s = (ctl: NamedControl): NamedControl => suffixed(ctl, suffix);
  return [
    [s(c.metrics)],
    [s(c.groupby)],
    [s(c.contributionMode)],
    [s(c.adhoc_filters)],
    [s(c.series_limit), s(c.series_limit_metric)],
    [s(c.order_desc)],
    [s(c.row_limit)],
    [s(c.truncate_metric), s(c.show_empty_columns)],
  ];
}

export function analyticsSections(suffix = ''): ControlPanelConfig['sections'] {
  const s = (ctl: NamedControl): NamedControl => suffixed(ctl, suffix);
  return [
    { label: 'Rolling window', tab: 'data', controlSetRows: [[s(c.rolling_type)], [s(c.rolling_periods), s(c.min_periods)]] },
    { label: 'Time comparison', tab: 'data', controlSetRows: [[s(c.time_compare), s(c.comparison_type)]] },
    { label: 'Resample', tab: 'data', controlSetRows: [[s(c.resample_rule), s(c.resample_method)]] },
  ];
}

function chartOptionRows(kind: TimeseriesKind): NamedControl[][] {
  const rows: NamedControl[][] = [[c.color_scheme], [c.show_value]];
  if (kind !== 'scatter') rows.push([stack]);
  if (kind === 'step') rows.push([seriesType]);
  if (kind === 'area' || kind === 'line' || kind === 'smooth' || kind === 'step') rows.push([c.opacity]);
  if (kind !== 'bar') rows.push([c.markerEnabled, c.markerSize]);
  if (kind === 'bar') rows.push([orientation]);
  rows.push([c.zoomable]);
  return rows;
}

export function timeseriesControlPanel(kind: TimeseriesKind): ControlPanelConfig {
  const xRows: NamedControl[][] = [[c.x_axis], [c.time_grain_sqla]];
  if (kind === 'bar') xRows.push([x_axis_sort, x_axis_sort_asc]);
  return {
    sections: [
      { label: 'Query', expanded: true, tab: 'data', controlSetRows: [...xRows, ...queryRows()] },
      annotationsSection,
      ...analyticsSections(),
      { label: 'Chart Options', expanded: true, tab: 'customize', controlSetRows: chartOptionRows(kind) },
      { label: 'Legend', tab: 'customize', controlSetRows: [[c.show_legend], [c.legendType, c.legendOrientation]] },
      { label: 'X Axis', tab: 'customize', controlSetRows: [[c.x_axis_title], [c.x_axis_time_format], [xAxisLabelRotation]] },
      { label: 'Tooltip', tab: 'customize', controlSetRows: [[c.rich_tooltip], [c.tooltipTimeFormat]] },
      {
        label: 'Y Axis',
        tab: 'customize',
        controlSetRows: [[c.y_axis_title], [c.y_axis_format], [c.currency_format], [c.logAxis], [c.minorSplitLine], [c.truncateYAxis], [c.y_axis_bounds]],
      },
      { label: 'Series Order', tab: 'customize', controlSetRows: [[sort_series_type], [sort_series_ascending]] },
    ],
    formDataOverrides: timeseriesOverrides,
  };
}
