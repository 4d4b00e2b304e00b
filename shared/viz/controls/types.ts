// The control panel as declared data: sections of rows of controls, each with its type, label, default,
// choices, validators and visibility as pure functions of the form data (Superset's ControlPanelConfig).
import type { FormData } from '../formData';

export type ControlType =
  | 'DndMetricSelect'
  | 'DndColumnSelect'
  | 'DndFilterSelect'
  | 'SelectControl'
  | 'CheckboxControl'
  | 'TextControl'
  | 'TextAreaControl'
  | 'NumberControl'
  | 'SliderControl'
  | 'DateFilterControl'
  | 'ColorSchemeControl'
  | 'ColorPickerControl'
  | 'BoundsControl'
  | 'CurrencyControl'
  | 'AnnotationLayerControl'
  | 'HiddenControl';

/** Returns an error message, or false when the value is fine. */
export type ControlValidator = (value: unknown, formData: FormData) => string | false;

export type ChoiceValue = string | number | boolean | null;
export type Choice = readonly [ChoiceValue, string];

export interface ControlConfig {
  type: ControlType;
  label: string;
  description?: string;
  default?: unknown;
  choices?: readonly Choice[] | ((formData: FormData) => readonly Choice[]);
  /** Select: many values. */
  multi?: boolean;
  /** Select: values not among the choices are kept (typed by the user). */
  freeForm?: boolean;
  clearable?: boolean;
  /** Column pickers: which dataset columns are offered. */
  columnKind?: 'any' | 'temporal' | 'numeric';
  min?: number;
  max?: number;
  step?: number;
  validators?: ControlValidator[];
  /** Hidden when false; absent means always shown. */
  visibility?: (formData: FormData) => boolean;
  /** A value other controls impose (Percentage change forces the Y axis format to .1%). */
  forcedValue?: (formData: FormData) => unknown;
  /** Changing it only re-renders the chart (transformProps), without a new query. */
  renderTrigger?: boolean;
}

export interface NamedControl extends ControlConfig {
  name: string;
}

export interface ControlPanelSection {
  label: string;
  expanded?: boolean;
  description?: string;
  /** 'data' (query) or 'customize' (render only) tab, as Superset's control panel tabs. */
  tab?: 'data' | 'customize';
  controlSetRows: NamedControl[][];
}

export interface ControlPanelConfig {
  sections: ControlPanelSection[];
  /**
   * Maps the standardized metrics/columns of the chart being left onto this type's controls when the
   * viz type changes (Superset's formDataOverrides).
   */
  formDataOverrides?: (formData: FormData, standard: StandardizedFormData) => FormData;
}

/** Metrics and columns collected from any viz type's controls (Superset's StandardizedFormData). */
export interface StandardizedFormData {
  metrics: unknown[];
  columns: unknown[];
  /** Columns known to be temporal (from the dataset), to pick an x axis. */
  temporalColumns: string[];
}

export function control(name: string, config: ControlConfig | NamedControl): NamedControl {
  // The name wins over one a spread base control carries.
  return { ...config, name };
}

/** A shared control with some fields replaced, as Superset's `{ ...sharedControls.x, ... }`. */
export function override(base: NamedControl, changes: Partial<NamedControl>): NamedControl {
  return { ...base, ...changes };
}
