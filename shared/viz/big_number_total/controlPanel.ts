// Big number (total) control panel.
import { control, type ControlPanelConfig } from '../controls/types';
import { sharedControls as c } from '../controls/index';
import { oneMetric } from '../explore/standardize';
import { TIME_FORMAT_CHOICES, SMART_DATE } from '../format/index';

export const subheader = control('subheader', { type: 'TextControl', label: 'Subheader', renderTrigger: true, default: '', description: 'Description text that shows up below your Big Number' });
export const time_format = control('time_format', { type: 'SelectControl', label: 'Date format', freeForm: true, renderTrigger: true, default: SMART_DATE, choices: TIME_FORMAT_CHOICES });
export const force_timestamp_formatting = control('force_timestamp_formatting', { type: 'CheckboxControl', label: 'Force date format', renderTrigger: true, default: false });

export const controlPanel: ControlPanelConfig = {
  sections: [
    { label: 'Query', expanded: true, tab: 'data', controlSetRows: [[c.metric], [c.adhoc_filters]] },
    {
      label: 'Display settings',
      expanded: true,
      tab: 'customize',
      controlSetRows: [[c.header_font_size], [subheader], [c.subheader_font_size], [c.y_axis_format], [c.currency_format], [time_format], [force_timestamp_formatting]],
    },
  ],
  formDataOverrides: oneMetric,
};
