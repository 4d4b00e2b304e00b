// Render-only controls (Customize tab): formats, colors, legend, axes, labels, tooltips.
import { control } from './types';
import type { FormData } from '../types';
import { NUMBER_FORMAT_CHOICES, PERCENT_FORMAT_CHOICES, SMART_NUMBER, TIME_FORMAT_CHOICES, SMART_DATE } from '../format/index';
import { CATEGORICAL_SCHEMES, DEFAULT_COLOR_SCHEME, DEFAULT_LINEAR_SCHEME, SEQUENTIAL_SCHEMES } from '../color/schemes';
import { LEGEND_ORIENTATION_CHOICES, LEGEND_TYPE_CHOICES } from './choices';
import { validateNumber } from './validators';

const isPercentChange = (fd: FormData) =>
  fd.comparison_type === 'percentage' && Array.isArray(fd.time_compare) && fd.time_compare.length > 0;

export const y_axis_format = control('y_axis_format', {
  type: 'SelectControl',
  label: 'Y Axis Format',
  freeForm: true,
  renderTrigger: true,
  default: SMART_NUMBER,
  // Spec §5: Percentage change offers only percent formats and forces .1%.
  choices: (fd) => (isPercentChange(fd) ? PERCENT_FORMAT_CHOICES : NUMBER_FORMAT_CHOICES),
  forcedValue: (fd) => (isPercentChange(fd) ? '.1%' : undefined),
  description: 'D3 format syntax: https://github.com/d3/d3-format',
});

export const number_format = control('number_format', { ...y_axis_format, label: 'Number format', forcedValue: undefined, choices: NUMBER_FORMAT_CHOICES });

export const currency_format = control('currency_format', {
  type: 'CurrencyControl',
  label: 'Currency format',
  renderTrigger: true,
  default: null,
});

export const x_axis_time_format = control('x_axis_time_format', {
  type: 'SelectControl',
  label: 'Time format',
  freeForm: true,
  renderTrigger: true,
  default: SMART_DATE,
  choices: TIME_FORMAT_CHOICES,
});

export const tooltipTimeFormat = control('tooltipTimeFormat', { ...x_axis_time_format, label: 'Tooltip time format' });

export const color_scheme = control('color_scheme', {
  type: 'ColorSchemeControl',
  label: 'Color Scheme',
  renderTrigger: true,
  default: DEFAULT_COLOR_SCHEME,
  choices: Object.entries(CATEGORICAL_SCHEMES).map(([value, s]) => [value, s.label] as const),
});

export const linear_color_scheme = control('linear_color_scheme', {
  type: 'ColorSchemeControl',
  label: 'Linear Color Scheme',
  renderTrigger: true,
  default: DEFAULT_LINEAR_SCHEME,
  choices: Object.entries(SEQUENTIAL_SCHEMES).map(([value, s]) => [value, s.label] as const),
});

export const show_legend = control('show_legend', { type: 'CheckboxControl', label: 'Show legend', renderTrigger: true, default: true });
export const legendType = control('legendType', {
  type: 'SelectControl',
  label: 'Type',
  renderTrigger: true,
  default: 'scroll',
  choices: LEGEND_TYPE_CHOICES,
  visibility: (fd) => fd.show_legend !== false,
});
export const legendOrientation = control('legendOrientation', {
  type: 'SelectControl',
  label: 'Orientation',
  renderTrigger: true,
  default: 'top',
  choices: LEGEND_ORIENTATION_CHOICES,
  visibility: (fd) => fd.show_legend !== false,
});
export const LEGEND_ROWS = [[show_legend], [legendType, legendOrientation]];

export const show_value = control('show_value', { type: 'CheckboxControl', label: 'Show Value', renderTrigger: true, default: false });
export const zoomable = control('zoomable', { type: 'CheckboxControl', label: 'Data Zoom', renderTrigger: true, default: false });
export const rich_tooltip = control('rich_tooltip', { type: 'CheckboxControl', label: 'Rich tooltip', renderTrigger: true, default: true });
export const logAxis = control('logAxis', { type: 'CheckboxControl', label: 'Logarithmic y-axis', renderTrigger: true, default: false });
export const minorSplitLine = control('minorSplitLine', { type: 'CheckboxControl', label: 'Minor Split Line', renderTrigger: true, default: false });
export const truncateYAxis = control('truncateYAxis', { type: 'CheckboxControl', label: 'Truncate Y Axis', renderTrigger: true, default: false });
export const y_axis_bounds = control('y_axis_bounds', {
  type: 'BoundsControl',
  label: 'Y Axis Bounds',
  renderTrigger: true,
  default: [null, null],
  visibility: (fd) => Boolean(fd.truncateYAxis),
});
export const x_axis_title = control('x_axis_title', { type: 'TextControl', label: 'X Axis Title', renderTrigger: true, default: '' });
export const y_axis_title = control('y_axis_title', { type: 'TextControl', label: 'Y Axis Title', renderTrigger: true, default: '' });
export const opacity = control('opacity', {
  type: 'SliderControl',
  label: 'Opacity',
  renderTrigger: true,
  default: 0.2,
  min: 0,
  max: 1,
  step: 0.1,
  validators: [validateNumber],
});
export const markerEnabled = control('markerEnabled', { type: 'CheckboxControl', label: 'Marker', renderTrigger: true, default: false });
export const markerSize = control('markerSize', {
  type: 'SliderControl',
  label: 'Marker Size',
  renderTrigger: true,
  default: 6,
  min: 0,
  max: 20,
  visibility: (fd) => Boolean(fd.markerEnabled),
});
export const show_labels = control('show_labels', { type: 'CheckboxControl', label: 'Show Labels', renderTrigger: true, default: true });
export const label_type = control('label_type', {
  type: 'SelectControl',
  label: 'Label Type',
  renderTrigger: true,
  default: 'key',
  choices: [
    ['key', 'Category Name'],
    ['value', 'Value'],
    ['percent', 'Percentage'],
    ['key_value', 'Category and Value'],
    ['key_percent', 'Category and Percentage'],
    ['key_value_percent', 'Category, Value and Percentage'],
    ['value_percent', 'Value and Percentage'],
  ],
});
export const header_font_size = control('header_font_size', {
  type: 'SelectControl',
  label: 'Big Number Font Size',
  renderTrigger: true,
  default: 0.4,
  choices: [
    [0.2, 'Tiny'],
    [0.3, 'Small'],
    [0.4, 'Normal'],
    [0.5, 'Large'],
    [0.6, 'Huge'],
  ],
});
export const subheader_font_size = control('subheader_font_size', { ...header_font_size, label: 'Subheader Font Size', default: 0.15,
  choices: [
    [0.125, 'Tiny'],
    [0.15, 'Small'],
    [0.2, 'Normal'],
    [0.3, 'Large'],
    [0.4, 'Huge'],
  ] });
