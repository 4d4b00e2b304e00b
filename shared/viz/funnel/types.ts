// Form data of the funnel chart.
import type { FormData } from '../types';

export interface FunnelFormData extends FormData {
  viz_type: 'funnel';
  metric?: unknown;
  groupby?: unknown[];
  label_type?: string;
  percent_calculation_type?: 'first_step' | 'prev_step' | 'total';
}
