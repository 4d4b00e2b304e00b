// Big number with trendline control panel (Superset's BigNumberWithTrendline panel).
import { control, override, type ControlPanelConfig } from '../controls/types';
import { sharedControls as c } from '../controls/index';
import { validateInteger } from '../controls/validators';
import { oneMetric } from '../explore/standardize';
import { subheader_font_size } from '../controls/displayControls';
import { force_timestamp_formatting, time_format } from '../big_number_total/controlPanel';

export const controlPanel: ControlPanelConfig = {
  sections: [
    {
      label: 'Query',
      expanded: true,
      tab: 'data',
      controlSetRows: [[c.x_axis], [c.time_grain_sqla], [c.metric], [c.adhoc_filters]],
    },
    {
      label: 'Options',
      tab: 'data',
      controlSetRows: [
        [control('compare_lag', { type: 'TextControl', label: 'Comparison Period Lag', default: null, validators: [validateInteger], description: 'Based on granularity, number of time periods to compare against' })],
        [control('compare_suffix', { type: 'TextControl', label: 'Comparison suffix', default: '', description: 'Suffix to apply after the percentage display' })],
        [control('show_timestamp', { type: 'CheckboxControl', label: 'Show Timestamp', renderTrigger: true, default: false })],
        [control('show_trend_line', { type: 'CheckboxControl', label: 'Show Trend Line', renderTrigger: true, default: true })],
        [control('start_y_axis_at_zero', { type: 'CheckboxControl', label: 'Start y-axis at 0', renderTrigger: true, default: true })],
        [control('time_range_fixed', { type: 'CheckboxControl', label: 'Fix to selected Time Range', renderTrigger: true, default: false })],
      ],
    },
    {
      label: 'Chart Options',
      tab: 'customize',
      controlSetRows: [
        [control('color_picker', { type: 'ColorPickerControl', label: 'Fixed Color', renderTrigger: true, default: { r: 0, g: 122, b: 135, a: 1 } })],
        [c.header_font_size],
        [override(subheader_font_size, { default: 0.15 })],
        [c.y_axis_format],
        [c.currency_format],
        [time_format],
        [force_timestamp_formatting],
      ],
    },
    { label: 'Rolling window', tab: 'data', controlSetRows: [[c.rolling_type], [c.rolling_periods, c.min_periods]] },
    { label: 'Resample', tab: 'data', controlSetRows: [[c.resample_rule, c.resample_method]] },
  ],
  formDataOverrides: oneMetric,
};
