// The extra form data each filter type contributes for a value (Superset's filter plugins'
// transformProps/onChange): select -> IN / NOT IN, range -> >= and <=, time -> time_range, time column
// -> granularity_sqla, time grain -> time_grain_sqla. No value: nothing, except a required value filter
// ("Filter value is required"), which keeps its charts empty (WHERE 1 = 0) until a value is chosen.
import type { ExtraFormData, NativeFilter } from './types';

const column = (filter: NativeFilter) => filter.targets[0]?.column?.name;

const isEmpty = (value: unknown) => value === null || value === undefined || value === '' || (Array.isArray(value) && value.length === 0);

/** A required filter without a value (Superset's checkIsMissingRequiredValue): "Apply filters" waits for one. */
export const missingRequiredValue = (filter: NativeFilter, value: unknown) => Boolean(filter.controlValues?.enableEmptyFilter) && isEmpty(value);

export function extraFormDataOf(filter: NativeFilter, value: unknown): ExtraFormData {
  switch (filter.filterType) {
    case 'filter_select': {
      const col = column(filter);
      const values = Array.isArray(value) ? value : value === null || value === undefined ? [] : [value];
      const inverse = Boolean(filter.controlValues?.inverseSelection);
      // Superset's getSelectExtraFormData with emptyFilter: a required, non-inverted filter left empty matches nothing.
      if (col && values.length === 0 && filter.controlValues?.enableEmptyFilter && !inverse) return { adhoc_filters: [{ expressionType: 'SQL', clause: 'WHERE', sqlExpression: '1 = 0' }] };
      if (!col || values.length === 0) return {};
      return { filters: [{ col, op: inverse ? 'NOT IN' : 'IN', val: values }] };
    }
    case 'filter_range': {
      const col = column(filter);
      if (!col || !Array.isArray(value)) return {};
      const [min, max] = value as [number | null, number | null];
      const filters = [];
      if (min !== null && min !== undefined) filters.push({ col, op: '>=', val: min });
      if (max !== null && max !== undefined) filters.push({ col, op: '<=', val: max });
      return filters.length ? { filters } : {};
    }
    case 'filter_time':
      return typeof value === 'string' && value && value !== 'No filter' ? { time_range: value } : {};
    case 'filter_timecolumn':
      return typeof value === 'string' && value ? { granularity_sqla: value } : {};
    case 'filter_timegrain':
      return typeof value === 'string' && value ? { time_grain_sqla: value } : {};
    default:
      return {};
  }
}

/** The data mask of a filter set to `value` (label: how the bar shows it). */
export function filterDataMask(filter: NativeFilter, value: unknown) {
  const empty = isEmpty(value);
  return {
    id: filter.id,
    extraFormData: extraFormDataOf(filter, value),
    filterState: { value: empty ? null : value, label: empty ? undefined : Array.isArray(value) ? value.join(', ') : String(value) },
  };
}
