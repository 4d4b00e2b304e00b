// Spec §4 (Explore): "Stashing hides fields and restores them". A control that a change hides (its
// visibility rule turns false) takes its value out of the form data into the hidden form data, so the
// query no longer carries a setting the user cannot see; when a later change shows the control again,
// its value comes back. Controls that were already hidden before the change are left as they are, so
// opening a saved chart never strips its form data.
import type { ControlPanelConfig } from '../controls/types';
import type { FormData } from '../types';
import { isControlVisible, panelControls } from './controls';

/** Values of hidden controls, by control name. */
export type HiddenFormData = Record<string, unknown>;

export interface StashedFormData {
  formData: FormData;
  hiddenFormData: HiddenFormData;
}

export function stashHiddenControls(panel: ControlPanelConfig, before: FormData, after: FormData, hidden: HiddenFormData): StashedFormData {
  let formData = after;
  let hiddenFormData = hidden;
  for (const ctl of panelControls(panel)) {
    const wasVisible = isControlVisible(ctl, before);
    const isVisible = isControlVisible(ctl, after);
    if (wasVisible && !isVisible && ctl.name in formData) {
      const { [ctl.name]: value, ...rest } = formData;
      formData = rest as FormData;
      hiddenFormData = { ...hiddenFormData, [ctl.name]: value };
    } else if (!wasVisible && isVisible && ctl.name in hiddenFormData) {
      const { [ctl.name]: value, ...rest } = hiddenFormData;
      hiddenFormData = rest;
      formData = { ...formData, [ctl.name]: value };
    }
  }
  return { formData, hiddenFormData };
}
