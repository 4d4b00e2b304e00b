// Form data of the Stepped Line chart: the timeseries family's controls (see ../timeseries/controlPanel.ts).
import type { FormData } from '../types';

export interface StepFormData extends FormData {
  viz_type: 'echarts_timeseries_step';
  x_axis?: string | null;
  time_grain_sqla?: string | null;
  metrics?: unknown[];
  groupby?: unknown[];
}
