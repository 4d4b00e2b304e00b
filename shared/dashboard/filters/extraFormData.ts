// The extra form data each filter type contributes for a value (Superset's filter plugins'
// transformProps/onChange): select -> IN / NOT IN, range -> >= and <=, time -> time_range, time column
// -> granularity_sqla, time grain -> time_grain_sqla. No value: nothing.
import type { ExtraFormData, NativeFilter } from './types';

const column = (filter: NativeFilter) => filter.targets[0]?.column?.name;

export function extraFormDataOf(filter: NativeFilter, value: unknown): ExtraFormData {
  switch (filter.filterType) {
    case 'filter_select': {
      const col = column(filter);
      const values = Array.isArray(value) ? value : value === null || value === undefined ? [] : [value];
      if (!col || values.length === 0) return {};
      const inverse = Boolean(filter.controlValues?.inverseSelection);
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
  const empty = value === null || value === undefined || (Array.isArray(value) && value.length === 0) || value === '';
  return {
    id: filter.id,
    extraFormData: extraFormDataOf(filter, value),
    filterState: { value: empty ? null : value, label: empty ? undefined : Array.isArray(value) ? value.join(', ') : String(value) },
  };
}
