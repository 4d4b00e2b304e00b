// The filter indicator of a dashboard chart counts the dashboard's filters (native and cross-filters)
// that reached its query, as Superset's FiltersBadge: a value filter counts when its column is among
// the answer's applied_filters, a time filter (range, column, grain) when the chart took it. The
// chart's own filters (its time range, its adhoc filters) are not dashboard filters and do not count.
import type { ExtraFormData } from '../../../../../shared/dashboard/filters/types';

export interface FilterIndicatorLists {
  applied: string[];
  rejected: { column: string; reason?: string }[];
}

const TIME_KEYS: [keyof ExtraFormData, string][] = [
  ['time_range', 'Time range'],
  ['granularity_sqla', 'Time column'],
  ['time_grain_sqla', 'Time grain'],
];

export function dashboardFilterIndicators(
  extra: ExtraFormData,
  appliedFilters: readonly { column: string }[] = [],
  rejectedFilters: readonly { column: string; reason?: string }[] = [],
): FilterIndicatorLists {
  const columns = [...new Set((extra.filters ?? []).map((f) => String(f.col)))];
  const appliedColumns = new Set(appliedFilters.map((f) => f.column));
  const rejected = rejectedFilters.filter((f) => columns.includes(f.column) || f.column.startsWith('__'));
  const rejectedColumns = new Set(rejected.map((f) => f.column));
  const applied = columns.filter((c) => appliedColumns.has(c) && !rejectedColumns.has(c));
  for (const [key, label] of TIME_KEYS) if (extra[key] !== undefined && extra[key] !== '' && !rejectedColumns.has(`__${String(key).replace('_sqla', '')}`)) applied.push(label);
  return { applied, rejected };
}
