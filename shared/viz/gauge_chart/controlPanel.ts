// Gauge control panel (Superset's Gauge panel).
import { control, type ControlPanelConfig } from '../controls/types';
import { sharedControls as c } from '../controls/index';
import { metricByDimensionsQuery } from '../controls/sections';
import { validateInteger, validateNumber } from '../controls/validators';
import { oneMetricAllColumns } from '../explore/standardize';

const check = (label: string) => ({ type: 'CheckboxControl' as const, label, renderTrigger: true });

export const controlPanel: ControlPanelConfig = {
  sections: [
    metricByDimensionsQuery({ rowLimit: 10 }),
    {
      label: 'General',
      expanded: true,
      tab: 'customize',
      controlSetRows: [
        [control('min_val', { type: 'TextControl', label: 'Min', renderTrigger: true, default: null, validators: [validateNumber] })],
        [control('max_val', { type: 'TextControl', label: 'Max', renderTrigger: true, default: null, validators: [validateNumber] })],
        [control('start_angle', { type: 'TextControl', label: 'Start angle', renderTrigger: true, default: 225, validators: [validateNumber] })],
        [control('end_angle', { type: 'TextControl', label: 'End angle', renderTrigger: true, default: -45, validators: [validateNumber] })],
        [c.color_scheme],
        [control('font_size', { type: 'SliderControl', label: 'Font size', renderTrigger: true, default: 15, min: 10, max: 20 })],
        [c.number_format],
        [c.currency_format],
        [control('animation', { ...check('Animation'), default: true })],
      ],
    },
    {
      label: 'Axis',
      tab: 'customize',
      controlSetRows: [
        [control('show_axis_tick', { ...check('Show axis line ticks'), default: false })],
        [control('show_split_line', { ...check('Show split lines'), default: false })],
        [control('split_number', { type: 'SliderControl', label: 'Split number', renderTrigger: true, default: 10, min: 3, max: 30, validators: [validateInteger] })],
      ],
    },
    {
      label: 'Progress',
      tab: 'customize',
      controlSetRows: [
        [control('show_progress', { ...check('Show progress'), default: true })],
        [control('overlap', { ...check('Overlap'), default: true })],
        [control('round_cap', { ...check('Round cap'), default: false })],
      ],
    },
    {
      label: 'Intervals',
      tab: 'customize',
      controlSetRows: [
        [control('intervals', { type: 'TextControl', label: 'Interval bounds', renderTrigger: true, default: '', description: 'Comma-separated interval bounds, e.g. 2,4,5 for intervals 0-2, 2-4 and 4-5.' })],
        [control('interval_color_indices', { type: 'TextControl', label: 'Interval colors', renderTrigger: true, default: '', description: 'Comma-separated color picks for the intervals, e.g. 1,2,4.' })],
      ],
    },
  ],
  formDataOverrides: oneMetricAllColumns('groupby'),
};
