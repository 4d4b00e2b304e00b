// Form data of the word cloud.
import type { FormData } from '../types';

export type Rotation = 'flat' | 'square' | 'random';

export interface WordCloudFormData extends FormData {
  viz_type: 'word_cloud';
  series?: unknown;
  metric?: unknown;
  size_from?: number;
  size_to?: number;
  rotation?: Rotation;
}
