// Radar control panel (Superset's Radar panel).
import { control, override, type ControlPanelConfig } from '../controls/types';
import { sharedControls as c } from '../controls/index';
import { legendSection } from '../controls/sections';
import { allMetricsAllColumns } from '../explore/standardize';

export const controlPanel: ControlPanelConfig = {
  sections: [
    {
      label: 'Query',
      expanded: true,
      tab: 'data',
      controlSetRows: [[c.groupby], [c.metrics], [c.adhoc_filters], [override(c.series_limit_metric, { name: 'timeseries_limit_metric' })], [override(c.row_limit, { default: 10 })]],
    },
    {
      label: 'Chart Options',
      expanded: true,
      tab: 'customize',
      controlSetRows: [
        [c.color_scheme],
        [c.show_labels],
        [override(c.label_type, { default: 'value', choices: [['value', 'Value'], ['key_value', 'Category and Value']] })],
        [control('label_position', { type: 'SelectControl', label: 'Label position', renderTrigger: true, default: 'top', choices: [['top', 'Top'], ['left', 'Left'], ['right', 'Right'], ['bottom', 'Bottom'], ['inside', 'Inside']] })],
        [c.number_format],
        [control('is_circle', { type: 'CheckboxControl', label: 'Circle radar shape', renderTrigger: true, default: false })],
        [control('column_config', { type: 'HiddenControl', label: 'Customize Metrics', renderTrigger: true, default: {} })],
      ],
    },
    legendSection,
  ],
  formDataOverrides: allMetricsAllColumns('groupby'),
};
