// One representative form and answer per viz type, with the series count its ECharts option must draw.
import { AVG_TEMP, COUNT, SUM_PRECIP, T, golden, result, timeRows } from './fixtures';
import type { ChartDataResponseResult, FormData } from '../../../../shared/viz/types';

export interface Sample {
  formData: FormData;
  queriesData: ChartDataResponseResult[];
  /** Series the ECharts option draws (null for table/pivot; big numbers count their trendline's). */
  series: number | null;
}

const line = (vizType: string): Sample => ({
  formData: { viz_type: vizType, datasource: '2__table', x_axis: 'date', time_grain_sqla: 'P1W', metrics: [SUM_PRECIP], groupby: ['weather'] },
  queriesData: golden.time_grain_week_series_pivot.response.result,
  series: 4,
});

export const SAMPLES: Record<string, Sample> = {
  echarts_timeseries_line: line('echarts_timeseries_line'),
  echarts_timeseries_bar: line('echarts_timeseries_bar'),
  echarts_area: line('echarts_area'),
  echarts_timeseries_scatter: line('echarts_timeseries_scatter'),
  echarts_timeseries_smooth: line('echarts_timeseries_smooth'),
  echarts_timeseries_step: line('echarts_timeseries_step'),
  pie: {
    formData: { viz_type: 'pie', datasource: '1__table', groupby: ['Origin'], metric: COUNT },
    queriesData: golden.aggregate_group_by.response.result,
    series: 1,
  },
  table: {
    formData: { viz_type: 'table', datasource: '1__table', groupby: ['Origin'], metrics: [COUNT] },
    queriesData: golden.aggregate_group_by.response.result,
    series: null,
  },
  big_number_total: {
    formData: { viz_type: 'big_number_total', datasource: '1__table', metric: COUNT },
    queriesData: [result([['count', T.num]], [{ count: 406 }])],
    series: 0,
  },
};

export { AVG_TEMP, timeRows };
