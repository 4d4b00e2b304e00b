// Validation of a whole form: each visible control's validators on its value (the default when unset).
// Explore shows the messages at the control and disables the run button while any exist.
import type { FormData } from '../types';
import type { ControlPanelConfig } from '../controls/types';
import { isControlVisible, panelControls } from './controls';

export type ControlErrors = Record<string, string[]>;

export function validateControl(panel: ControlPanelConfig, name: string, formData: FormData): string[] {
  const ctl = panelControls(panel).find((c) => c.name === name);
  if (!ctl || !isControlVisible(ctl, formData)) return [];
  const value = name in formData ? formData[name] : ctl.default;
  return (ctl.validators ?? []).map((v) => v(value, formData)).filter((m): m is string => Boolean(m));
}

/** Errors per control name; controls without errors are absent. */
export function validateForm(panel: ControlPanelConfig, formData: FormData): ControlErrors {
  const errors: ControlErrors = {};
  for (const ctl of panelControls(panel)) {
    const messages = validateControl(panel, ctl.name, formData);
    if (messages.length) errors[ctl.name] = messages;
  }
  return errors;
}

export function hasErrors(errors: ControlErrors): boolean {
  return Object.keys(errors).length > 0;
}
