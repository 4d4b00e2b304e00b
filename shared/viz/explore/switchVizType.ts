// The form-data transform on a viz_type change: controls the new type shares keep their values (select
// values still valid), the rest take the new type's defaults, then the new panel's formDataOverrides
// map the standardized metrics and columns (bar -> line keeps metrics, dimensions and x axis; table ->
// line turns the dimensions into an x axis and series). Values of controls the new type lacks are kept
// aside in the shared form data (Superset's standardizedFormData), so a later switch to a type that has
// them again gets them back: table -> big number -> pivot keeps the table's dimensions.
import type { FormData } from '../types';
import { requirePlugin } from '../registry';
import { applyForcedValues, defaultFormData, panelControls, sanitizeSelectValue } from './controls';
import { fillStandardized, standardize } from './standardize';

/** Keys that are not controls but belong to the chart whatever its type. */
const CARRIED_KEYS = ['datasource', 'slice_id', 'url_params', 'extra_form_data', 'temporal_columns_lookup', 'dashboards', 'label_colors', 'force'];

/** Values of controls that earlier viz types had and the current one lacks, by control name. */
export type SharedFormData = Record<string, unknown>;

const controlNames = (vizType: string) => new Set(panelControls(requirePlugin(vizType).controlPanel).map((c) => c.name));

export function switchVizType(formData: FormData, nextVizType: string, shared: SharedFormData = {}): FormData {
  if (formData.viz_type === nextVizType) return formData;
  const plugin = requirePlugin(nextVizType);
  const panel = plugin.controlPanel;
  const defaults = defaultFormData(panel, nextVizType);
  let next: FormData = { ...defaults, viz_type: nextVizType };
  for (const key of CARRIED_KEYS) if (formData[key] !== undefined) next[key] = formData[key];
  const source = { ...shared, ...formData } as FormData;
  for (const ctl of panelControls(panel)) {
    if (!(ctl.name in source) || source[ctl.name] === undefined) continue;
    const kept = sanitizeSelectValue(ctl, source[ctl.name], source);
    next[ctl.name] = kept === null && ctl.default !== undefined && !ctl.multi ? defaults[ctl.name] : kept;
  }
  if (panel.formDataOverrides) next = panel.formDataOverrides(next, fillStandardized(standardize(formData), standardize({ ...shared, viz_type: formData.viz_type })));
  return applyForcedValues(panel, next);
}

/** The shared form data after switching from formData's type to nextVizType: the outgoing type's
 * control values are added, and the controls the new type has (which now live in its form data) leave. */
export function sharedAfterSwitch(formData: FormData, nextVizType: string, shared: SharedFormData): SharedFormData {
  if (formData.viz_type === nextVizType) return shared;
  const kept: SharedFormData = { ...shared };
  for (const name of controlNames(formData.viz_type)) if (formData[name] !== undefined) kept[name] = formData[name];
  for (const name of controlNames(nextVizType)) delete kept[name];
  return kept;
}
