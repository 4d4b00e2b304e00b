// Graph chart control panel (Superset's Graph panel).
import { control, override, type ControlPanelConfig } from '../controls/types';
import { sharedControls as c } from '../controls/index';
import { validateNonEmpty } from '../controls/validators';
import type { FormData } from '../types';
import type { StandardizedFormData } from '../controls/types';

const single = (name: string, label: string, required = true) =>
  override(c.groupby, { name, label, multi: false, default: null, validators: required ? [validateNonEmpty] : [] });
const slider = (name: string, label: string, d: number, min: number, max: number, step = 1) =>
  control(name, { type: 'SliderControl', label, renderTrigger: true, default: d, min, max, step, visibility: (fd) => (fd.layout ?? 'force') === 'force' });

export const controlPanel: ControlPanelConfig = {
  sections: [
    {
      label: 'Query',
      expanded: true,
      tab: 'data',
      controlSetRows: [
        [single('source', 'Source')],
        [single('target', 'Target')],
        [c.metric],
        [single('source_category', 'Source category', false)],
        [single('target_category', 'Target category', false)],
        [c.adhoc_filters],
        [c.row_limit],
      ],
    },
    {
      label: 'Chart Options',
      expanded: true,
      tab: 'customize',
      controlSetRows: [
        [c.color_scheme],
        [c.show_legend],
        [c.legendType, c.legendOrientation],
        [control('layout', { type: 'SelectControl', label: 'Graph layout', renderTrigger: true, default: 'force', choices: [['force', 'Force'], ['circular', 'Circular']] })],
        [control('edgeSymbol', { type: 'SelectControl', label: 'Edge symbols', renderTrigger: true, default: 'none,arrow', choices: [['none,none', 'None'], ['none,arrow', 'Arrow'], ['circle,arrow', 'Circle and arrow']] })],
        [control('draggable', { type: 'CheckboxControl', label: 'Enable node dragging', renderTrigger: true, default: false })],
        [control('roam', { type: 'SelectControl', label: 'Enable graph roaming', renderTrigger: true, default: false, choices: [[false, 'Disabled'], ['scale', 'Scale only'], ['move', 'Move only'], [true, 'Scale and Move']] })],
        [control('selectedMode', { type: 'SelectControl', label: 'Node select mode', renderTrigger: true, default: 'single', choices: [[false, 'Disabled'], ['single', 'Single'], ['multiple', 'Multiple']] })],
        [control('showSymbolThreshold', { type: 'TextControl', label: 'Label threshold', renderTrigger: true, default: 0 })],
        [slider('baseNodeSize', 'Node size', 20, 5, 100)],
        [slider('baseEdgeWidth', 'Edge width', 3, 1, 20)],
        [slider('edgeLength', 'Edge length', 400, 100, 1000, 50)],
        [slider('gravity', 'Gravity', 0.3, 0.1, 1, 0.1)],
        [slider('repulsion', 'Repulsion', 1000, 100, 3000, 50)],
        [slider('friction', 'Friction', 0.2, 0.1, 1, 0.1)],
      ],
    },
  ],
  formDataOverrides: (fd: FormData, std: StandardizedFormData) => ({ ...fd, metric: std.metrics[0] ?? null, source: std.columns[0] ?? null, target: std.columns[1] ?? null }),
};
