// Pie control panel (Superset's Pie controlPanel).
import { control, override, type ControlPanelConfig } from '../controls/types';
import { sharedControls as c } from '../controls/index';
import { oneMetricAllColumns } from '../explore/standardize';
import { TIME_FORMAT_CHOICES, SMART_DATE } from '../format/index';

export const controlPanel: ControlPanelConfig = {
  sections: [
    {
      label: 'Query',
      expanded: true,
      tab: 'data',
      controlSetRows: [[c.groupby], [c.metric], [c.adhoc_filters], [override(c.row_limit, { default: 100 })], [c.sort_by_metric]],
    },
    {
      label: 'Chart Options',
      expanded: true,
      tab: 'customize',
      controlSetRows: [
        [c.color_scheme],
        [control('show_labels_threshold', { type: 'NumberControl', label: 'Percentage threshold', renderTrigger: true, default: 5, min: 0, max: 100 })],
        [c.show_legend],
        [c.legendType, c.legendOrientation],
        [c.label_type],
        [c.number_format],
        [c.currency_format],
        [control('date_format', { type: 'SelectControl', label: 'Date format', freeForm: true, renderTrigger: true, default: SMART_DATE, choices: TIME_FORMAT_CHOICES })],
        [c.show_labels],
        [control('labels_outside', { type: 'CheckboxControl', label: 'Put labels outside', renderTrigger: true, default: true })],
        [control('label_line', { type: 'CheckboxControl', label: 'Label Line', renderTrigger: true, default: false })],
        [control('show_total', { type: 'CheckboxControl', label: 'Show Total', renderTrigger: true, default: false })],
        [control('outerRadius', { type: 'SliderControl', label: 'Outer Radius', renderTrigger: true, default: 70, min: 10, max: 100 })],
        [control('donut', { type: 'CheckboxControl', label: 'Donut', renderTrigger: true, default: false })],
        [control('innerRadius', { type: 'SliderControl', label: 'Inner Radius', renderTrigger: true, default: 30, min: 0, max: 100, visibility: (fd) => Boolean(fd.donut) })],
        [control('roseType', {
          type: 'SelectControl',
          label: 'Rose Type',
          renderTrigger: true,
          default: null,
          choices: [[null, 'None'], ['area', 'Area'], ['radius', 'Radius']],
        })],
      ],
    },
  ],
  formDataOverrides: oneMetricAllColumns('groupby'),
};
