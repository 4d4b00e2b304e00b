// Mixed chart control panel: shared x axis, query A and query B sections, per-query chart options.
import { control, override, type ControlPanelConfig, type NamedControl } from '../controls/types';
import { sharedControls as c } from '../controls/index';
import { analyticsSections, queryRows, stack } from '../timeseries/controlPanel';
import { timeseriesOverrides } from '../explore/standardize';
import { annotationsSection } from '../annotations/controlPanel';

const SERIES_TYPES = [
  ['line', 'Line'],
  ['scatter', 'Scatter'],
  ['smooth', 'Smooth Line'],
  ['bar', 'Bar'],
  ['start', 'Step - start'],
  ['middle', 'Step - middle'],
  ['end', 'Step - end'],
] as const;

function displayRows(suffix: '' | 'B', label: string): NamedControl[][] {
  const s = (ctl: NamedControl): NamedControl => ({ ...ctl, name: `${ctl.name}${suffix}`, label: `${ctl.label} (${label})` });
  return [
    [s(control('seriesType', { type: 'SelectControl', label: 'Series Style', renderTrigger: true, default: 'line', choices: SERIES_TYPES }))],
    [s(stack)],
    [s(control('area', { type: 'CheckboxControl', label: 'Area chart', renderTrigger: true, default: false }))],
    [s(c.show_value)],
    [s(c.opacity)],
    [s(c.markerEnabled), s(c.markerSize)],
    [s(control('yAxisIndex', { type: 'SelectControl', label: 'Y Axis', renderTrigger: true, default: suffix ? 1 : 0, choices: [[0, 'Primary'], [1, 'Secondary']] }))],
  ];
}

export const controlPanel: ControlPanelConfig = {
  sections: [
    { label: 'Shared query fields', expanded: true, tab: 'data', controlSetRows: [[c.x_axis], [c.time_grain_sqla]] },
    { label: 'Query A', expanded: true, tab: 'data', controlSetRows: queryRows() },
    annotationsSection,
    ...analyticsSections().map((s) => ({ ...s, label: `${s.label} (Query A)` })),
    { label: 'Query B', expanded: true, tab: 'data', controlSetRows: queryRows('_b').map((row) => row.map((ctl) => (ctl.name === 'metrics_b' ? override(ctl, { validators: [] }) : ctl))) },
    ...analyticsSections('_b').map((s) => ({ ...s, label: `${s.label} (Query B)` })),
    {
      label: 'Chart Options',
      expanded: true,
      tab: 'customize',
      controlSetRows: [
        [c.color_scheme],
        [control('show_query_identifiers', { type: 'CheckboxControl', label: 'Show query identifiers', renderTrigger: true, default: false })],
        [c.zoomable],
        [c.show_legend],
        [c.legendType, c.legendOrientation],
        [c.x_axis_title],
        [c.x_axis_time_format],
        [c.rich_tooltip],
        [c.y_axis_title],
        [override(c.y_axis_title, { name: 'y_axis_title_secondary', label: 'Secondary y-axis title' })],
        [c.y_axis_format],
        [override(c.y_axis_format, { name: 'y_axis_format_secondary', label: 'Secondary y-axis format', forcedValue: undefined })],
        [c.logAxis],
        [control('logAxisSecondary', { type: 'CheckboxControl', label: 'Logarithmic y-axis (secondary)', renderTrigger: true, default: false })],
        [c.minorSplitLine],
        [c.truncateYAxis],
        [c.y_axis_bounds],
      ],
    },
    { label: 'Query A', tab: 'customize', controlSetRows: displayRows('', 'Query A') },
    { label: 'Query B', tab: 'customize', controlSetRows: displayRows('B', 'Query B') },
  ],
  formDataOverrides: timeseriesOverrides,
};
