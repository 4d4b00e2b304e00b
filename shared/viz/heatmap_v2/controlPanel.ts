// Heatmap control panel (Superset's Heatmap v2 panel).
import { control, override, type ControlPanelConfig } from '../controls/types';
import { sharedControls as c } from '../controls/index';
import { validateNonEmpty } from '../controls/validators';
import type { FormData } from '../types';
import type { StandardizedFormData } from '../controls/types';

const SORT = [
  ['alpha_asc', 'Axis ascending'],
  ['alpha_desc', 'Axis descending'],
  ['value_asc', 'Metric ascending'],
  ['value_desc', 'Metric descending'],
] as const;

export const controlPanel: ControlPanelConfig = {
  sections: [
    {
      label: 'Query',
      expanded: true,
      tab: 'data',
      controlSetRows: [
        [c.x_axis],
        [c.time_grain_sqla],
        [override(c.groupby, { label: 'Y-axis', multi: false, default: null, validators: [validateNonEmpty] })],
        [c.metric],
        [c.adhoc_filters],
        [c.row_limit],
        [control('sort_x_axis', { type: 'SelectControl', label: 'Sort X Axis', default: null, clearable: true, choices: SORT })],
        [control('sort_y_axis', { type: 'SelectControl', label: 'Sort Y Axis', default: null, clearable: true, choices: SORT })],
        [control('normalize_across', {
          type: 'SelectControl',
          label: 'Normalize Across',
          default: 'heatmap',
          choices: [['heatmap', 'heatmap'], ['x', 'x'], ['y', 'y']],
          description: 'Color will be shaded based the normalized (0% to 100%) value of a given cell against the other cells in the selected range.',
        })],
      ],
    },
    {
      label: 'Chart Options',
      expanded: true,
      tab: 'customize',
      controlSetRows: [
        [c.linear_color_scheme],
        [control('xscale_interval', { type: 'SelectControl', label: 'XScale Interval', renderTrigger: true, default: -1, choices: [[-1, 'Auto'], [1, '1'], [2, '2'], [5, '5'], [10, '10']] })],
        [control('yscale_interval', { type: 'SelectControl', label: 'YScale Interval', renderTrigger: true, default: -1, choices: [[-1, 'Auto'], [1, '1'], [2, '2'], [5, '5'], [10, '10']] })],
        [control('left_margin', { type: 'SelectControl', label: 'Left Margin', freeForm: true, renderTrigger: true, default: 'auto', choices: [['auto', 'auto'], [50, '50'], [75, '75'], [100, '100'], [125, '125'], [150, '150'], [200, '200']] })],
        [control('bottom_margin', { type: 'SelectControl', label: 'Bottom Margin', freeForm: true, renderTrigger: true, default: 'auto', choices: [['auto', 'auto'], [50, '50'], [75, '75'], [100, '100'], [125, '125'], [150, '150'], [200, '200']] })],
        [control('value_bounds', { type: 'BoundsControl', label: 'Value bounds', renderTrigger: true, default: [null, null] })],
        [c.y_axis_format],
        [c.x_axis_time_format],
        [c.currency_format],
        [control('show_legend', { type: 'CheckboxControl', label: 'Legend', renderTrigger: true, default: true })],
        [control('show_percentage', { type: 'CheckboxControl', label: 'Show percentage', renderTrigger: true, default: true })],
        [control('show_values', { type: 'CheckboxControl', label: 'Show Values', renderTrigger: true, default: false })],
        [control('normalized', { type: 'CheckboxControl', label: 'Normalized', renderTrigger: true, default: false })],
      ],
    },
  ],
  formDataOverrides: (fd: FormData, std: StandardizedFormData) => {
    const temporal = std.columns.find((col) => std.temporalColumns.includes(String(col)));
    const x = fd.x_axis ?? temporal ?? std.columns[0] ?? null;
    return { ...fd, metric: std.metrics[0] ?? null, x_axis: x, groupby: std.columns.find((col) => col !== x) ?? null };
  },
};
