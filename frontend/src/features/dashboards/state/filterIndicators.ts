// The filter indicator of a dashboard chart counts the dashboard's filters (native and cross-filters)
// that reached its query, as Superset's FiltersBadge: a value filter counts when its column is among
// the answer's applied_filters, a time filter (range, column, grain) when the chart took it. The
// chart's own filters (its time range, its adhoc filters) are not dashboard filters and do not count.
// The popover names the filters (a native filter's name, a cross-filter's chart), as Superset's does.
import type { ExtraFormData } from '../../../../../shared/dashboard/filters/types';

export interface FilterIndicatorLists {
  /** The names of the filters applied (the filter's name, a cross-filter's chart name). */
  applied: string[];
  rejected: { column: string; name: string; reason?: string }[];
}

/** A data mask entry that reached the chart, with the name the popover shows for it. */
export interface IndicatorSource {
  name: string;
  extraFormData: ExtraFormData;
}

const TIME_KEYS: [keyof ExtraFormData, string][] = [
  ['time_range', 'Time range'],
  ['granularity_sqla', 'Time column'],
  ['time_grain_sqla', 'Time grain'],
];

/** Which filters set each column (and each time key): their names, joined when several did. */
export function namesByColumn(sources: readonly IndicatorSource[]): Record<string, string> {
  const names: Record<string, string[]> = {};
  const add = (key: string, name: string) => (names[key] ??= []).includes(name) || names[key].push(name);
  for (const { name, extraFormData } of sources) {
    for (const f of extraFormData.filters ?? []) add(String(f.col), name);
    for (const [key] of TIME_KEYS) if (extraFormData[key] !== undefined && extraFormData[key] !== '') add(String(key), name);
  }
  return Object.fromEntries(Object.entries(names).map(([k, v]) => [k, v.join(', ')]));
}

export function dashboardFilterIndicators(
  extra: ExtraFormData,
  appliedFilters: readonly { column: string }[] = [],
  rejectedFilters: readonly { column: string; reason?: string }[] = [],
  names: Record<string, string> = {},
): FilterIndicatorLists {
  const columns = [...new Set((extra.filters ?? []).map((f) => String(f.col)))];
  const appliedColumns = new Set(appliedFilters.map((f) => f.column));
  // A rejected time filter is named '__time_range', '__granularity', '__time_grain'.
  const nameOf = (column: string) => names[column] ?? names[TIME_KEYS.find(([key]) => `__${String(key).replace('_sqla', '')}` === column)?.[0] as string] ?? column;
  const rejected = rejectedFilters.filter((f) => columns.includes(f.column) || f.column.startsWith('__')).map((f) => ({ ...f, name: nameOf(f.column) }));
  const rejectedColumns = new Set(rejected.map((f) => f.column));
  const applied = columns.filter((c) => appliedColumns.has(c) && !rejectedColumns.has(c)).map(nameOf);
  for (const [key, label] of TIME_KEYS) if (extra[key] !== undefined && extra[key] !== '' && !rejectedColumns.has(`__${String(key).replace('_sqla', '')}`)) applied.push(names[key as string] ?? label);
  return { applied: [...new Set(applied)], rejected };
}
