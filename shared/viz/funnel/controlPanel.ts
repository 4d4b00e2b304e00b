// Funnel control panel (Superset's Funnel panel).
import { control, type ControlPanelConfig } from '../controls/types';
import { sharedControls as c } from '../controls/index';
import { legendSection, metricByDimensionsQuery } from '../controls/sections';
import { oneMetricAllColumns } from '../explore/standardize';

export const controlPanel: ControlPanelConfig = {
  sections: [
    metricByDimensionsQuery({ rowLimit: 10 }),
    {
      label: 'Chart Options',
      expanded: true,
      tab: 'customize',
      controlSetRows: [
        [c.color_scheme],
        [c.label_type],
        [c.number_format],
        [c.currency_format],
        [c.show_labels],
        [control('show_tooltip_labels', { type: 'CheckboxControl', label: 'Show Tooltip Labels', renderTrigger: true, default: true })],
        [control('percent_calculation_type', {
          type: 'SelectControl',
          label: 'Percent calculation',
          renderTrigger: true,
          default: 'first_step',
          choices: [['first_step', 'Calculate from first step'], ['prev_step', 'Calculate from previous step'], ['total', 'Percent of total']],
        })],
      ],
    },
    legendSection,
  ],
  formDataOverrides: oneMetricAllColumns('groupby'),
};
