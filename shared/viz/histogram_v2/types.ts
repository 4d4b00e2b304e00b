// Form data of the histogram.
import type { FormData } from '../types';

export interface HistogramFormData extends FormData {
  viz_type: 'histogram_v2';
  column?: unknown;
  groupby?: unknown[];
  bins?: number;
  normalize?: boolean;
  cumulative?: boolean;
}
