// Pivot table control panel (Superset's plugin-chart-pivot-table panel).
import { control, override, type ControlPanelConfig, type ControlValidator } from '../controls/types';
import { sharedControls as c } from '../controls/index';
import { ensureArray, groupsByTime } from '../controls/formDataUtils';
import { TIME_FORMAT_CHOICES, SMART_DATE } from '../format/index';
import { AGGREGATE_FUNCTIONS } from './types';
import type { FormData, } from '../types';
import type { StandardizedFormData } from '../controls/types';

export const MSG_ROWS_OR_COLUMNS = 'Rows or Columns must have a value';
const rowsOrColumns: ControlValidator = (_v, fd) =>
  ensureArray(fd.groupbyRows).length + ensureArray(fd.groupbyColumns).length > 0 ? false : MSG_ROWS_OR_COLUMNS;

const ORDER_CHOICES = [
  ['key_a_to_z', 'key a-z'],
  ['key_z_to_a', 'key z-a'],
  ['value_a_to_z', 'value ascending'],
  ['value_z_to_a', 'value descending'],
] as const;

export const controlPanel: ControlPanelConfig = {
  sections: [
    {
      label: 'Query',
      expanded: true,
      tab: 'data',
      controlSetRows: [
        [override(c.groupby, { name: 'groupbyColumns', label: 'Columns', validators: [rowsOrColumns] })],
        [override(c.groupby, { name: 'groupbyRows', label: 'Rows', validators: [rowsOrColumns] })],
        [override(c.time_grain_sqla, { visibility: (fd) => groupsByTime(fd, ['groupbyColumns', 'groupbyRows']) })],
        [c.metrics],
        [control('metricsLayout', { type: 'SelectControl', label: 'Apply metrics on', default: 'COLUMNS', choices: [['COLUMNS', 'columns'], ['ROWS', 'rows']] })],
        [c.adhoc_filters],
        [override(c.series_limit, { label: 'Cell limit', visibility: undefined })],
        [c.row_limit],
        [override(c.series_limit_metric, { name: 'timeseries_limit_metric' })],
        [override(c.order_desc, { visibility: undefined })],
      ],
    },
    {
      label: 'Options',
      expanded: true,
      tab: 'customize',
      controlSetRows: [
        [control('aggregateFunction', { type: 'SelectControl', label: 'Aggregation function', renderTrigger: true, default: 'Sum', choices: AGGREGATE_FUNCTIONS.map((f) => [f, f] as const) })],
        [control('rowTotals', { type: 'CheckboxControl', label: 'Show rows total', renderTrigger: true, default: false })],
        [control('rowSubTotals', { type: 'CheckboxControl', label: 'Show rows subtotal', renderTrigger: true, default: false })],
        [control('colTotals', { type: 'CheckboxControl', label: 'Show columns total', renderTrigger: true, default: false })],
        [control('colSubTotals', { type: 'CheckboxControl', label: 'Show columns subtotal', renderTrigger: true, default: false })],
        [control('transposePivot', { type: 'CheckboxControl', label: 'Transpose pivot', renderTrigger: true, default: false })],
        [control('combineMetric', { type: 'CheckboxControl', label: 'Combine metrics', renderTrigger: true, default: false })],
        [override(c.number_format, { name: 'valueFormat', label: 'Value format' })],
        [c.currency_format],
        [control('date_format', { type: 'SelectControl', label: 'Date format', freeForm: true, renderTrigger: true, default: SMART_DATE, choices: TIME_FORMAT_CHOICES })],
        [control('rowOrder', { type: 'SelectControl', label: 'Rows sort by', renderTrigger: true, default: 'key_a_to_z', choices: ORDER_CHOICES })],
        [control('colOrder', { type: 'SelectControl', label: 'Cols sort by', renderTrigger: true, default: 'key_a_to_z', choices: ORDER_CHOICES })],
      ],
    },
  ],
  formDataOverrides: (fd: FormData, std: StandardizedFormData) => ({ ...fd, metrics: std.metrics, groupbyRows: std.columns, groupbyColumns: [] }),
};
