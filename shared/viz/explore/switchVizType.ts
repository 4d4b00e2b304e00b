// The form-data transform on a viz_type change (spec §4 Explore): controls the new type shares keep
// their values (select values still valid), the rest take the new type's defaults, then the new panel's
// formDataOverrides map the standardized metrics and columns (bar -> line keeps metrics, dimensions and
// x axis; table -> line turns the dimensions into an x axis and series).
import type { FormData } from '../types';
import { requirePlugin } from '../registry';
import { applyForcedValues, defaultFormData, panelControls, sanitizeSelectValue } from './controls';
import { standardize } from './standardize';

/** Keys that are not controls but belong to the chart whatever its type. */
const CARRIED_KEYS = ['datasource', 'slice_id', 'url_params', 'extra_form_data', 'temporal_columns_lookup', 'dashboards', 'label_colors', 'force'];

export function switchVizType(formData: FormData, nextVizType: string): FormData {
  if (formData.viz_type === nextVizType) return formData;
  const plugin = requirePlugin(nextVizType);
  const panel = plugin.controlPanel;
  const defaults = defaultFormData(panel, nextVizType);
  let next: FormData = { ...defaults, viz_type: nextVizType };
  for (const key of CARRIED_KEYS) if (formData[key] !== undefined) next[key] = formData[key];
  for (const ctl of panelControls(panel)) {
    if (!(ctl.name in formData) || formData[ctl.name] === undefined) continue;
    const kept = sanitizeSelectValue(ctl, formData[ctl.name], formData);
    next[ctl.name] = kept === null && ctl.default !== undefined && !ctl.multi ? defaults[ctl.name] : kept;
  }
  if (panel.formDataOverrides) next = panel.formDataOverrides(next, standardize(formData));
  return applyForcedValues(panel, next);
}
