// Form data of the Scatter Plot chart: the timeseries family's controls (see ../timeseries/controlPanel.ts).
import type { FormData } from '../types';

export interface ScatterFormData extends FormData {
  viz_type: 'echarts_timeseries_scatter';
  x_axis?: string | null;
  time_grain_sqla?: string | null;
  metrics?: unknown[];
  groupby?: unknown[];
}
