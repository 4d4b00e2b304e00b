// Form data of the Area Chart chart: the timeseries family's controls (see ../timeseries/controlPanel.ts).
import type { FormData } from '../types';

export interface AreaFormData extends FormData {
  viz_type: 'echarts_area';
  x_axis?: string | null;
  time_grain_sqla?: string | null;
  metrics?: unknown[];
  groupby?: unknown[];
}
