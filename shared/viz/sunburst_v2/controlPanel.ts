// Sunburst control panel (Superset's Sunburst v2 panel): hierarchy, primary and secondary metric.
import { control, override, type ControlPanelConfig } from '../controls/types';
import { sharedControls as c } from '../controls/index';
import { metricByDimensionsQuery } from '../controls/sections';
import { oneMetricAllColumns } from '../explore/standardize';
import { TIME_FORMAT_CHOICES, SMART_DATE } from '../format/index';

export const controlPanel: ControlPanelConfig = {
  sections: [
    metricByDimensionsQuery({
      dimensions: override(c.columns, { label: 'Hierarchy', description: 'Sets the hierarchy levels of the chart. Each level is represented by one ring with the innermost circle as the top of the hierarchy.' }),
      extra: [[override(c.metric, { name: 'secondary_metric', label: 'Secondary Metric', validators: [], description: 'When a secondary metric is provided, a linear color scale is used.' })]],
    }),
    {
      label: 'Chart Options',
      expanded: true,
      tab: 'customize',
      controlSetRows: [
        [c.color_scheme],
        [c.linear_color_scheme],
        [c.show_labels],
        [control('show_labels_threshold', { type: 'NumberControl', label: 'Percentage threshold', renderTrigger: true, default: 5, min: 0, max: 100 })],
        [control('show_total', { type: 'CheckboxControl', label: 'Show Total', renderTrigger: true, default: false })],
        [c.label_type],
        [c.number_format],
        [c.currency_format],
        [control('date_format', { type: 'SelectControl', label: 'Date format', freeForm: true, renderTrigger: true, default: SMART_DATE, choices: TIME_FORMAT_CHOICES })],
      ],
    },
  ],
  formDataOverrides: oneMetricAllColumns('columns'),
};
