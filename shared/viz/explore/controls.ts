// Reading a control panel: every control by name, visibility, defaults, effective values.
import type { FormData } from '../types';
import type { ControlPanelConfig, NamedControl, Choice } from '../controls/types';

export function panelControls(panel: ControlPanelConfig): NamedControl[] {
  const seen = new Map<string, NamedControl>();
  for (const section of panel.sections) for (const row of section.controlSetRows) for (const ctl of row) if (!seen.has(ctl.name)) seen.set(ctl.name, ctl);
  return [...seen.values()];
}

export function isControlVisible(ctl: NamedControl, formData: FormData): boolean {
  return ctl.visibility ? ctl.visibility(formData) : true;
}

/** Names of the controls shown for this form data. */
export function visibleControls(panel: ControlPanelConfig, formData: FormData): string[] {
  return panelControls(panel).filter((c) => isControlVisible(c, formData)).map((c) => c.name);
}

export function controlChoices(ctl: NamedControl, formData: FormData): readonly Choice[] {
  if (!ctl.choices) return [];
  return typeof ctl.choices === 'function' ? ctl.choices(formData) : ctl.choices;
}

/** Every control's default, as new form data of a viz type starts. */
export function defaultFormData(panel: ControlPanelConfig, vizType: string): FormData {
  const fd: FormData = { viz_type: vizType };
  for (const ctl of panelControls(panel)) if (ctl.default !== undefined) fd[ctl.name] = structuredClone(ctl.default);
  return fd;
}

/** Form data with values other controls impose applied (Percentage change -> .1%). */
export function applyForcedValues(panel: ControlPanelConfig, formData: FormData): FormData {
  let next = formData;
  for (const ctl of panelControls(panel)) {
    const forced = ctl.forcedValue?.(formData);
    if (forced !== undefined && next[ctl.name] !== forced) next = { ...next, [ctl.name]: forced };
  }
  return next;
}

/**
 * Select values must be among the choices unless free-form (spec §5): a multi-select drops the others;
 * a single select with an invalid value becomes null.
 */
export function sanitizeSelectValue(ctl: NamedControl, value: unknown, formData: FormData): unknown {
  if (ctl.type !== 'SelectControl' || ctl.freeForm || !ctl.choices) return value;
  const allowed = new Set(controlChoices(ctl, formData).map(([v]) => v));
  if (ctl.multi) return (Array.isArray(value) ? value : value === null || value === undefined ? [] : [value]).filter((v) => allowed.has(v as never));
  return allowed.has(value as never) ? value : null;
}
