// Form data of the big number (total) chart.
import type { FormData } from '../types';

export interface BigNumberTotalFormData extends FormData {
  viz_type: 'big_number_total';
  metric?: unknown;
  subheader?: string;
  header_font_size?: number;
  subheader_font_size?: number;
  y_axis_format?: string;
  time_format?: string;
  force_timestamp_formatting?: boolean;
}
