// Form data of the sankey chart.
import type { FormData } from '../types';

export interface SankeyFormData extends FormData {
  viz_type: 'sankey_v2';
  source?: unknown;
  target?: unknown;
  metric?: unknown;
}
