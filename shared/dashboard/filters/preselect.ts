// The legacy preselect_filters URL parameter (JSON `{"<chart id>": {"<column>": [values]}}`, the shape
// of Superset's filter-box links) as a data mask: each column's values go to the value filters that
// target that column. The native_filters parameter already is a data mask (rison).
import { filterDataMask } from './extraFormData';
import type { DataMask, FilterConfigItem } from './types';
import { isNativeFilter } from './types';

export function preselectDataMask(filters: FilterConfigItem[], text: string): Record<string, DataMask> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return {};
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return {};
  const byColumn = new Map<string, unknown[]>();
  for (const columns of Object.values(parsed)) {
    if (typeof columns !== 'object' || columns === null || Array.isArray(columns)) continue;
    for (const [column, value] of Object.entries(columns)) {
      const values = (Array.isArray(value) ? value : [value]).filter((v) => v !== null && v !== undefined && typeof v !== 'object');
      if (values.length) byColumn.set(column, [...(byColumn.get(column) ?? []), ...values]);
    }
  }
  const out: Record<string, DataMask> = {};
  for (const filter of filters.filter(isNativeFilter)) {
    const column = filter.targets[0]?.column?.name;
    const values = column ? byColumn.get(column) : undefined;
    if (filter.filterType !== 'filter_select' || !values) continue;
    const multi = filter.controlValues?.multiSelect !== false;
    out[filter.id] = filterDataMask(filter, multi ? [...new Set(values)] : values.slice(0, 1));
  }
  return out;
}
