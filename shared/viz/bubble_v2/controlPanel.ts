// Bubble chart control panel (Superset's Bubble v2 panel).
import { control, override, type ControlPanelConfig } from '../controls/types';
import { sharedControls as c } from '../controls/index';
import { validateNonEmpty } from '../controls/validators';
import type { FormData } from '../types';
import type { StandardizedFormData } from '../controls/types';

const metricOf = (name: string, label: string) => override(c.metric, { name, label });
const bound = (name: string, label: string, on: string) => control(name, { type: 'BoundsControl', label, renderTrigger: true, default: [null, null], visibility: (fd) => Boolean(fd[on]) });

export const controlPanel: ControlPanelConfig = {
  sections: [
    {
      label: 'Query',
      expanded: true,
      tab: 'data',
      controlSetRows: [
        [override(c.groupby, { name: 'series', label: 'Dimension', multi: false, default: null })],
        [override(c.groupby, { name: 'entity', label: 'Entity', multi: false, default: null, validators: [validateNonEmpty] })],
        [metricOf('x', 'X Axis')],
        [metricOf('y', 'Y Axis')],
        [c.adhoc_filters],
        [metricOf('size', 'Bubble Size')],
        [override(c.series_limit_metric, { name: 'orderby', label: 'Sort by' })],
        [override(c.order_desc, { visibility: undefined })],
        [c.row_limit],
      ],
    },
    {
      label: 'Chart Options',
      expanded: true,
      tab: 'customize',
      controlSetRows: [
        [c.color_scheme],
        [c.show_legend],
        [c.legendType, c.legendOrientation],
        [control('max_bubble_size', { type: 'SelectControl', label: 'Max Bubble Size', freeForm: true, renderTrigger: true, default: 25, choices: [5, 10, 15, 25, 50, 75, 100].map((n) => [n, String(n)] as const) })],
        [override(c.y_axis_format, { name: 'tooltipSizeFormat', label: 'Bubble size number format', forcedValue: undefined })],
        [override(c.opacity, { default: 0.6 })],
        [override(c.x_axis_title, { name: 'x_axis_label', label: 'X Axis Title' })],
        [override(c.y_axis_format, { name: 'xAxisFormat', label: 'X Axis Format', forcedValue: undefined })],
        [control('logXAxis', { type: 'CheckboxControl', label: 'Logarithmic x-axis', renderTrigger: true, default: false })],
        [control('truncateXAxis', { type: 'CheckboxControl', label: 'Truncate X Axis', renderTrigger: true, default: false })],
        [bound('xAxisBounds', 'X Axis Bounds', 'truncateXAxis')],
        [override(c.y_axis_title, { name: 'y_axis_label', label: 'Y Axis Title' })],
        [override(c.y_axis_format, { forcedValue: undefined })],
        [control('logYAxis', { type: 'CheckboxControl', label: 'Logarithmic y-axis', renderTrigger: true, default: false })],
        [c.truncateYAxis],
        [c.y_axis_bounds],
      ],
    },
  ],
  formDataOverrides: (fd: FormData, std: StandardizedFormData) => ({
    ...fd,
    x: std.metrics[0] ?? null,
    y: std.metrics[1] ?? std.metrics[0] ?? null,
    size: std.metrics[2] ?? std.metrics[0] ?? null,
    entity: std.columns[0] ?? null,
    series: std.columns[1] ?? null,
  }),
};
