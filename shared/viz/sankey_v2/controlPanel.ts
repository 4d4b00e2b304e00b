// Sankey control panel (Superset's Sankey v2 panel).
import { override, type ControlPanelConfig } from '../controls/types';
import { sharedControls as c } from '../controls/index';
import { validateNonEmpty } from '../controls/validators';
import type { FormData } from '../types';
import type { StandardizedFormData } from '../controls/types';

const single = (name: string, label: string) => override(c.groupby, { name, label, multi: false, default: null, validators: [validateNonEmpty] });

export const controlPanel: ControlPanelConfig = {
  sections: [
    {
      label: 'Query',
      expanded: true,
      tab: 'data',
      controlSetRows: [[single('source', 'Source')], [single('target', 'Target')], [c.metric], [c.adhoc_filters], [c.row_limit], [c.sort_by_metric]],
    },
    { label: 'Chart Options', expanded: true, tab: 'customize', controlSetRows: [[c.color_scheme], [c.number_format]] },
  ],
  formDataOverrides: (fd: FormData, std: StandardizedFormData) => ({ ...fd, metric: std.metrics[0] ?? null, source: std.columns[0] ?? null, target: std.columns[1] ?? null }),
};
