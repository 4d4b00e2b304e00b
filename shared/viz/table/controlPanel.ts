// Table control panel: aggregate mode (dimensions, metrics, percentage metrics) or raw records mode
// (columns, ordering), with the table options (Superset's plugin-chart-table panel).
import { control, override, type ControlPanelConfig, type ControlValidator } from '../controls/types';
import { sharedControls as c } from '../controls/index';
import { validateNonEmpty, validateOrderBy } from '../controls/validators';
import { ensureArray, groupsByTime } from '../controls/formDataUtils';
import { allMetricsAllColumns } from '../explore/standardize';
import { TIME_FORMAT_CHOICES, SMART_DATE } from '../format/index';
import type { FormData } from '../types';

export function queryMode(fd: FormData): 'aggregate' | 'raw' {
  if (fd.query_mode === 'raw' || fd.query_mode === 'aggregate') return fd.query_mode;
  return ensureArray(fd.all_columns).length > 0 ? 'raw' : 'aggregate';
}
const isAggregate = (fd: FormData) => queryMode(fd) === 'aggregate';
const isRaw = (fd: FormData) => queryMode(fd) === 'raw';

export const MSG_AGG_REQUIRED = 'Group By, Metrics or Percentage Metrics must have a value';
/** In aggregate mode one of dimensions, metrics or percentage metrics is needed. */
const validateAggregate: ControlValidator = (_v, fd) =>
  ['groupby', 'metrics', 'percent_metrics'].some((k) => ensureArray(fd[k]).length > 0) ? false : MSG_AGG_REQUIRED;

export const query_mode = control('query_mode', {
  type: 'SelectControl',
  label: 'Query mode',
  default: 'aggregate',
  choices: [
    ['aggregate', 'Aggregate'],
    ['raw', 'Raw records'],
  ],
});

export const controlPanel: ControlPanelConfig = {
  sections: [
    {
      label: 'Query',
      expanded: true,
      tab: 'data',
      controlSetRows: [
        [query_mode],
        [override(c.groupby, { visibility: isAggregate })],
        [override(c.time_grain_sqla, { visibility: (fd) => isAggregate(fd) && groupsByTime(fd, ['groupby']) })],
        [override(c.metrics, { visibility: isAggregate, validators: [validateAggregate] })],
        [control('all_columns', { type: 'DndColumnSelect', label: 'Columns', multi: true, default: [], visibility: isRaw, validators: [validateNonEmpty] })],
        [control('percent_metrics', { type: 'DndMetricSelect', label: 'Percentage metrics', multi: true, default: [], visibility: isAggregate, validators: [validateAggregate] })],
        [c.adhoc_filters],
        [override(c.series_limit_metric, { name: 'timeseries_limit_metric', label: 'Sort by', visibility: isAggregate })],
        [control('order_by_cols', { type: 'SelectControl', label: 'Ordering', multi: true, default: [], visibility: isRaw, validators: [validateOrderBy] })],
        [c.row_limit],
        [override(c.order_desc, { visibility: isAggregate })],
        [control('show_totals', { type: 'CheckboxControl', label: 'Show summary', default: false, visibility: isAggregate })],
      ],
    },
    {
      label: 'Options',
      expanded: true,
      tab: 'customize',
      controlSetRows: [
        [control('table_timestamp_format', { type: 'SelectControl', label: 'Timestamp format', freeForm: true, renderTrigger: true, default: SMART_DATE, choices: TIME_FORMAT_CHOICES })],
        [control('page_length', {
          type: 'SelectControl',
          label: 'Page length',
          freeForm: true,
          renderTrigger: true,
          default: 0,
          choices: [[0, 'All'], [10, '10'], [20, '20'], [50, '50'], [100, '100'], [200, '200']],
        })],
        [control('include_search', { type: 'CheckboxControl', label: 'Search box', renderTrigger: true, default: false })],
        [control('show_cell_bars', { type: 'CheckboxControl', label: 'Cell bars', renderTrigger: true, default: true })],
        [control('align_pn', { type: 'CheckboxControl', label: 'Align +/-', renderTrigger: true, default: false })],
        [control('color_pn', { type: 'CheckboxControl', label: 'Color +/-', renderTrigger: true, default: true })],
        [control('allow_rearrange_columns', { type: 'CheckboxControl', label: 'Allow columns to be rearranged', renderTrigger: true, default: false })],
        [control('column_config', { type: 'HiddenControl', label: 'Customize columns', renderTrigger: true, default: {} })],
        [c.currency_format],
      ],
    },
  ],
  formDataOverrides: allMetricsAllColumns('groupby'),
};
