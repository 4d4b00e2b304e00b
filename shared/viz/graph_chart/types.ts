// Form data of the graph chart.
import type { FormData } from '../types';

export interface GraphFormData extends FormData {
  viz_type: 'graph_chart';
  source?: unknown;
  target?: unknown;
  metric?: unknown;
  source_category?: unknown;
  target_category?: unknown;
  layout?: 'force' | 'circular';
}
