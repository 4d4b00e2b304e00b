// Form data of the heatmap.
import type { FormData } from '../types';

export interface HeatmapFormData extends FormData {
  viz_type: 'heatmap_v2';
  x_axis?: string | null;
  groupby?: unknown;
  metric?: unknown;
  sort_x_axis?: string | null;
  sort_y_axis?: string | null;
  normalize_across?: 'heatmap' | 'x' | 'y';
  normalized?: boolean;
  show_values?: boolean;
  show_percentage?: boolean;
  value_bounds?: [number | null, number | null];
}
