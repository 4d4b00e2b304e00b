// Box plot control panel (Superset's BoxPlot panel): distribute across columns, series dimensions.
import { control, override, type ControlPanelConfig } from '../controls/types';
import { sharedControls as c } from '../controls/index';
import { validateNonEmpty } from '../controls/validators';
import { TIME_FORMAT_CHOICES, SMART_DATE } from '../format/index';
import type { FormData } from '../types';
import type { StandardizedFormData } from '../controls/types';

export const controlPanel: ControlPanelConfig = {
  sections: [
    {
      label: 'Query',
      expanded: true,
      tab: 'data',
      controlSetRows: [
        [override(c.columns, { label: 'Distribute across', validators: [validateNonEmpty], description: 'Columns to calculate distribution across.' })],
        [override(c.metrics, { description: 'One or many metrics to display' })],
        [c.adhoc_filters],
        [override(c.groupby, { label: 'Dimensions' })],
        [override(c.series_limit, { visibility: (fd) => Boolean(fd.groupby && (fd.groupby as unknown[]).length) })],
        [c.series_limit_metric],
        [control('whiskerOptions', {
          type: 'SelectControl',
          label: 'Whisker/outlier options',
          default: 'Tukey',
          freeForm: true,
          choices: [['Tukey', 'Tukey'], ['Min/max (no outliers)', 'Min/max (no outliers)'], ['2/98 percentiles', '2/98 percentiles'], ['9/91 percentiles', '9/91 percentiles']],
          description: 'Determines how whiskers and outliers are calculated.',
        })],
      ],
    },
    {
      label: 'Chart Options',
      expanded: true,
      tab: 'customize',
      controlSetRows: [
        [c.color_scheme],
        [control('x_ticks_layout', { type: 'SelectControl', label: 'X Tick Layout', renderTrigger: true, default: 'auto', choices: [['auto', 'auto'], ['flat', 'flat'], ['45°', '45°'], ['90°', '90°'], ['staggered', 'staggered']] })],
        [c.number_format],
        [control('date_format', { type: 'SelectControl', label: 'Date format', freeForm: true, renderTrigger: true, default: SMART_DATE, choices: TIME_FORMAT_CHOICES })],
      ],
    },
  ],
  formDataOverrides: (fd: FormData, std: StandardizedFormData) => ({ ...fd, metrics: std.metrics, columns: std.columns.slice(0, 1), groupby: std.columns.slice(1) }),
};
