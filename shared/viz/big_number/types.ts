// Form data of the big number with trendline chart.
import type { FormData } from '../types';

export interface BigNumberFormData extends FormData {
  viz_type: 'big_number';
  x_axis?: string | null;
  time_grain_sqla?: string | null;
  metric?: unknown;
  compare_lag?: number | string | null;
  compare_suffix?: string;
  show_timestamp?: boolean;
  show_trend_line?: boolean;
  start_y_axis_at_zero?: boolean;
  color_picker?: { r: number; g: number; b: number; a: number };
}
