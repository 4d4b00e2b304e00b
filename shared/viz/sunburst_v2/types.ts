// Form data of the sunburst.
import type { FormData } from '../types';

export interface SunburstFormData extends FormData {
  viz_type: 'sunburst_v2';
  columns?: unknown[];
  metric?: unknown;
  secondary_metric?: unknown;
  show_labels_threshold?: number;
  show_total?: boolean;
}
