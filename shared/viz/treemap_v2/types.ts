// Form data of the treemap.
import type { FormData } from '../types';

export interface TreemapFormData extends FormData {
  viz_type: 'treemap_v2';
  metric?: unknown;
  groupby?: unknown[];
  show_labels?: boolean;
  show_upper_labels?: boolean;
  label_type?: string;
}
