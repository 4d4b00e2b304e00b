// Word cloud control panel (Superset's WordCloud panel).
import { control, override, type ControlPanelConfig } from '../controls/types';
import { sharedControls as c } from '../controls/index';
import { metricByDimensionsQuery } from '../controls/sections';
import { validateInteger, validateNonEmpty } from '../controls/validators';
import type { FormData } from '../types';
import type { StandardizedFormData } from '../controls/types';

export const controlPanel: ControlPanelConfig = {
  sections: [
    metricByDimensionsQuery({
      dimensions: override(c.groupby, { name: 'series', label: 'Dimension', multi: false, default: null, validators: [validateNonEmpty] }),
      rowLimit: 100,
    }),
    {
      label: 'Options',
      expanded: true,
      tab: 'customize',
      controlSetRows: [
        [control('size_from', { type: 'TextControl', label: 'Minimum Font Size', renderTrigger: true, default: 10, validators: [validateInteger] })],
        [control('size_to', { type: 'TextControl', label: 'Maximum Font Size', renderTrigger: true, default: 70, validators: [validateInteger] })],
        [control('rotation', { type: 'SelectControl', label: 'Word Rotation', renderTrigger: true, default: 'square', choices: [['random', 'random'], ['flat', 'flat'], ['square', 'square']] })],
        [c.color_scheme],
      ],
    },
  ],
  formDataOverrides: (fd: FormData, std: StandardizedFormData) => ({ ...fd, metric: std.metrics[0] ?? null, series: std.columns[0] ?? null }),
};
