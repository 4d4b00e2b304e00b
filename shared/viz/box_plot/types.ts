// Form data of the box plot.
import type { FormData } from '../types';

export type WhiskerOption = 'Tukey' | 'Min/max (no outliers)' | '2/98 percentiles' | '9/91 percentiles';

export interface BoxPlotFormData extends FormData {
  viz_type: 'box_plot';
  columns?: unknown[];
  groupby?: unknown[];
  metrics?: unknown[];
  whiskerOptions?: WhiskerOption;
}
