// Form data of the Bar Chart chart: the timeseries family's controls (see ../timeseries/controlPanel.ts).
import type { FormData } from '../types';

export interface BarFormData extends FormData {
  viz_type: 'echarts_timeseries_bar';
  x_axis?: string | null;
  time_grain_sqla?: string | null;
  metrics?: unknown[];
  groupby?: unknown[];
}
