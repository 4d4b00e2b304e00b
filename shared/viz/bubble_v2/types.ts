// Form data of the bubble chart.
import type { FormData } from '../types';

export interface BubbleFormData extends FormData {
  viz_type: 'bubble_v2';
  entity?: unknown;
  series?: unknown;
  x?: unknown;
  y?: unknown;
  size?: unknown;
  max_bubble_size?: number;
}
