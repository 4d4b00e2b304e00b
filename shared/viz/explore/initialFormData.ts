// Form data of a new chart on a dataset (Explore opened from a dataset or SQL Lab): the viz type's
// control defaults, the spec's default explore form data (time_range 'No filter', row_limit 1000), the
// datasource key, which columns are temporal, the main time column as x axis, and, as Superset's UI
// does, a TEMPORAL_RANGE filter on that column carrying the time range.
import type { DatasourceMeta, FormData } from '../types';
import { GenericDataType } from '../query/contract';
import { requirePlugin, DEFAULT_VIZ_TYPE } from '../registry';
import { defaultFormData, panelControls } from './controls';

export const DEFAULT_TIME_RANGE = 'No filter';
export const DEFAULT_EXPLORE_ROW_LIMIT = 1000;

export function temporalColumnsLookup(datasource: DatasourceMeta): Record<string, boolean> {
  return Object.fromEntries(
    (datasource.columns ?? []).filter((c) => c.is_dttm || c.type_generic === GenericDataType.Temporal).map((c) => [c.column_name, true]),
  );
}

export function initialFormData(
  datasourceKey: string,
  datasource: DatasourceMeta,
  vizType: string = DEFAULT_VIZ_TYPE,
): FormData {
  const panel = requirePlugin(vizType).controlPanel;
  const lookup = temporalColumnsLookup(datasource);
  const timeColumn = datasource.main_dttm_col ?? Object.keys(lookup)[0] ?? null;
  const names = new Set(panelControls(panel).map((c) => c.name));
  const fd: FormData = {
    ...defaultFormData(panel, vizType),
    datasource: datasourceKey,
    time_range: DEFAULT_TIME_RANGE,
    row_limit: DEFAULT_EXPLORE_ROW_LIMIT,
    temporal_columns_lookup: lookup,
  };
  if (names.has('x_axis') && timeColumn) fd.x_axis = timeColumn;
  if (timeColumn) {
    fd.adhoc_filters = [
      { clause: 'WHERE', expressionType: 'SIMPLE', subject: timeColumn, operator: 'TEMPORAL_RANGE', comparator: DEFAULT_TIME_RANGE },
    ];
  }
  return fd;
}
