// Form data of the radar chart.
import type { FormData } from '../types';

export interface RadarFormData extends FormData {
  viz_type: 'radar';
  groupby?: unknown[];
  metrics?: unknown[];
  is_circle?: boolean;
  column_config?: Record<string, { radarMetricMaxValue?: number | null }>;
}
