// Shared query controls (Superset's sharedControls): metrics, dimensions, filters, limits, ordering.
import { control } from './types';
import { DEFAULT_MAX_ROW, DEFAULT_ROW_LIMIT, DEFAULT_TIME_GRAIN, ROW_LIMIT_CHOICES, SERIES_LIMIT_CHOICES, TIME_GRAIN_CHOICES } from './choices';
import { validateMaxValue, validateNonEmpty, validatePositiveInteger } from './validators';
import { ensureArray, isTemporalXAxis, isXAxisSet } from './formDataUtils';

export const metrics = control('metrics', {
  type: 'DndMetricSelect',
  label: 'Metrics',
  multi: true,
  default: [],
  validators: [validateNonEmpty],
  description: 'Select one or many metrics to display',
});

export const metric = control('metric', {
  type: 'DndMetricSelect',
  label: 'Metric',
  multi: false,
  default: null,
  validators: [validateNonEmpty],
});

export const groupby = control('groupby', {
  type: 'DndColumnSelect',
  label: 'Dimensions',
  multi: true,
  default: [],
  description: 'Dimensions contain qualitative values such as names, dates, or geographical data.',
});

export const columns = control('columns', { ...groupby, label: 'Columns' });

export const x_axis = control('x_axis', {
  type: 'DndColumnSelect',
  label: 'X-axis',
  multi: false,
  default: null,
  validators: [validateNonEmpty],
  description: 'Dimension to use on x-axis.',
});

export const time_grain_sqla = control('time_grain_sqla', {
  type: 'SelectControl',
  label: 'Time Grain',
  default: DEFAULT_TIME_GRAIN,
  clearable: true,
  choices: TIME_GRAIN_CHOICES,
  // Spec §5: only for a temporal x axis.
  visibility: (fd) => !isXAxisSet(fd) || isTemporalXAxis(fd),
  description: 'The time granularity for the visualization.',
});

export const adhoc_filters = control('adhoc_filters', {
  type: 'DndFilterSelect',
  label: 'Filters',
  default: [],
});

export const time_range = control('time_range', {
  type: 'DateFilterControl',
  label: 'Time range',
  default: 'No filter',
});

export const row_limit = control('row_limit', {
  type: 'SelectControl',
  label: 'Row limit',
  freeForm: true,
  clearable: false,
  default: DEFAULT_ROW_LIMIT,
  choices: ROW_LIMIT_CHOICES,
  validators: [validatePositiveInteger, validateMaxValue(DEFAULT_MAX_ROW)],
  description: 'Limits the number of the rows that are computed in the query that is the source of the data used for this chart.',
});

export const series_limit = control('series_limit', {
  type: 'SelectControl',
  label: 'Series limit',
  freeForm: true,
  clearable: true,
  default: null,
  choices: SERIES_LIMIT_CHOICES,
  validators: [validatePositiveInteger],
  visibility: (fd) => ensureArray(fd.groupby).length > 0,
  description: 'Limits the number of series that get displayed.',
});

export const series_limit_metric = control('series_limit_metric', {
  type: 'DndMetricSelect',
  label: 'Sort by',
  default: null,
  description: 'Metric used to define how the top series are sorted if a series or cell limit is present.',
});

export const order_desc = control('order_desc', {
  type: 'CheckboxControl',
  label: 'Sort descending',
  default: true,
  visibility: (fd) => Boolean(fd.series_limit_metric) || ensureArray(fd.groupby).length > 0,
});

export const sort_by_metric = control('sort_by_metric', {
  type: 'CheckboxControl',
  label: 'Sort by metric',
  default: true,
  description: 'Whether to sort results by the selected metric in descending order.',
});

export const truncate_metric = control('truncate_metric', {
  type: 'CheckboxControl',
  label: 'Truncate Metric',
  default: true,
  visibility: (fd) => ensureArray(fd.metrics).length === 1,
});

export const show_empty_columns = control('show_empty_columns', {
  type: 'CheckboxControl',
  label: 'Show empty columns',
  default: true,
});
