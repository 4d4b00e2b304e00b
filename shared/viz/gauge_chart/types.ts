// Form data of the gauge chart.
import type { FormData } from '../types';

export interface GaugeFormData extends FormData {
  viz_type: 'gauge_chart';
  metric?: unknown;
  groupby?: unknown[];
  min_val?: number | null;
  max_val?: number | null;
  start_angle?: number;
  end_angle?: number;
  show_progress?: boolean;
  overlap?: boolean;
  intervals?: string;
  interval_color_indices?: string;
}
