// Histogram control panel (Superset's Histogram v2 panel).
import { control, override, type ControlPanelConfig } from '../controls/types';
import { sharedControls as c } from '../controls/index';
import { validateInteger, validateNonEmpty } from '../controls/validators';
import type { FormData } from '../types';
import type { StandardizedFormData } from '../controls/types';

export const controlPanel: ControlPanelConfig = {
  sections: [
    {
      label: 'Query',
      expanded: true,
      tab: 'data',
      controlSetRows: [
        [control('column', { type: 'DndColumnSelect', label: 'Column', columnKind: 'numeric', default: null, validators: [validateNonEmpty], description: 'Numeric column used to calculate the histogram.' })],
        [c.groupby],
        [c.adhoc_filters],
        [c.row_limit],
        [control('bins', {
          type: 'SelectControl',
          label: 'Bins',
          freeForm: true,
          default: 5,
          choices: [5, 10, 25, 50, 100].map((n) => [n, String(n)] as const),
          validators: [validateInteger],
          description: 'The number of bins for the histogram',
        })],
        [control('normalize', { type: 'CheckboxControl', label: 'Normalize', default: false, description: 'The normalize option transforms the histogram values into proportions or probabilities.' })],
        [control('cumulative', { type: 'CheckboxControl', label: 'Cumulative', default: false, description: 'The cumulative option shows how data accumulates over the bins.' })],
      ],
    },
    {
      label: 'Chart Options',
      expanded: true,
      tab: 'customize',
      controlSetRows: [
        [c.color_scheme],
        [c.show_value],
        [c.show_legend],
        [c.x_axis_title],
        [override(c.y_axis_format, { name: 'x_axis_format', label: 'X Axis Format', forcedValue: undefined })],
        [c.y_axis_title],
        [override(c.y_axis_format, { forcedValue: undefined })],
      ],
    },
  ],
  formDataOverrides: (fd: FormData, std: StandardizedFormData) => ({ ...fd, column: fd.column ?? std.columns[0] ?? null, groupby: std.columns.slice(1) }),
};
