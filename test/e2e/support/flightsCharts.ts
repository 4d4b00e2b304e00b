// Charts on the flights_3m example dataset saved through the API, as several e2e files need them.
type ApiOk = (path: string, init?: { method?: string; json?: unknown }) => Promise<Record<string, any>>;

/**
 * A bar chart of flights per month (no temporal_columns_lookup, as a chart saved by an API client has
 * none); answers the new chart's id.
 */
export async function saveMonthlyFlightsBars(apiOk: ApiOk, flightsId: number, name: string, rowLimit: number): Promise<number> {
  const params = {
    viz_type: 'echarts_timeseries_bar',
    datasource: `${flightsId}__table`,
    x_axis: 'date',
    time_grain_sqla: 'P1M',
    metrics: ['count'],
    groupby: [],
    adhoc_filters: [],
    row_limit: rowLimit,
  };
  const made = await apiOk('/api/v1/chart/', {
    method: 'POST',
    json: { slice_name: name, viz_type: params.viz_type, datasource_id: flightsId, datasource_type: 'table', params: JSON.stringify(params) },
  });
  return made.id as number;
}
