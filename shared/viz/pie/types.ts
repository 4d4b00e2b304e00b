// Form data of the pie chart.
import type { FormData } from '../types';

export interface PieFormData extends FormData {
  viz_type: 'pie';
  metric?: unknown;
  groupby?: unknown[];
  label_type?: string;
  show_labels_threshold?: number;
  donut?: boolean;
  innerRadius?: number;
  outerRadius?: number;
  show_total?: boolean;
  roseType?: 'area' | 'radius' | null;
}
