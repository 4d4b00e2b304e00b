// Form data of the Smooth Line chart: the timeseries family's controls (see ../timeseries/controlPanel.ts).
import type { FormData } from '../types';

export interface SmoothFormData extends FormData {
  viz_type: 'echarts_timeseries_smooth';
  x_axis?: string | null;
  time_grain_sqla?: string | null;
  metrics?: unknown[];
  groupby?: unknown[];
}
