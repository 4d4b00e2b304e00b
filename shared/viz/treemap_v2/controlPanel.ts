// Treemap control panel (Superset's Treemap panel).
import { control, override, type ControlPanelConfig } from '../controls/types';
import { sharedControls as c } from '../controls/index';
import { metricByDimensionsQuery } from '../controls/sections';
import { oneMetricAllColumns } from '../explore/standardize';
import { TIME_FORMAT_CHOICES, SMART_DATE } from '../format/index';

export const controlPanel: ControlPanelConfig = {
  sections: [
    metricByDimensionsQuery({ dimensions: override(c.groupby, { label: 'Dimensions', description: 'Hierarchy of the treemap, outermost first.' }) }),
    {
      label: 'Chart Options',
      expanded: true,
      tab: 'customize',
      controlSetRows: [
        [c.color_scheme],
        [c.show_labels],
        [control('show_upper_labels', { type: 'CheckboxControl', label: 'Show Upper Labels', renderTrigger: true, default: true })],
        [override(c.label_type, { default: 'key_value', choices: [['key', 'Category Name'], ['value', 'Value'], ['key_value', 'Category and Value']] })],
        [c.number_format],
        [c.currency_format],
        [control('date_format', { type: 'SelectControl', label: 'Date format', freeForm: true, renderTrigger: true, default: SMART_DATE, choices: TIME_FORMAT_CHOICES })],
      ],
    },
  ],
  formDataOverrides: oneMetricAllColumns('groupby'),
};
