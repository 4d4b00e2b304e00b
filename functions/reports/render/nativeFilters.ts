// A dashboard report's native filter values (report extra.dashboard.nativeFilters) turned into the
// extra form data each chart in the filter's scope merges before its query, as the browser's data
// mask does. Pure.
import type { LayoutComponent, PositionJson } from './dashboardLayout';

export interface ReportNativeFilter {
  nativeFilterId: string;
  filterType?: string;
  columnName?: string;
  filterValues: unknown[];
}

export interface NativeFilterConfig {
  id: string;
  filterType?: string;
  targets?: { datasetId?: number; column?: { name: string } }[];
  scope?: { rootPath?: string[]; excluded?: number[] };
  chartsInScope?: number[];
}

export interface ExtraFormData {
  filters?: { col: string; op: string; val: unknown }[];
  time_range?: string;
  time_grain_sqla?: string;
  granularity_sqla?: string;
}

/** The extra form data one filter's values contribute (empty when they select nothing). */
export function filterExtraFormData(filterType: string, column: string | undefined, values: unknown[]): ExtraFormData {
  const present = values.filter((v) => v !== null && v !== undefined && v !== '');
  switch (filterType) {
    case 'filter_select':
      return column && present.length ? { filters: [{ col: column, op: 'IN', val: present }] } : {};
    case 'filter_range': {
      const [min, max] = values;
      const filters: { col: string; op: string; val: unknown }[] = [];
      if (column && min !== null && min !== undefined) filters.push({ col: column, op: '>=', val: min });
      if (column && max !== null && max !== undefined) filters.push({ col: column, op: '<=', val: max });
      return filters.length ? { filters } : {};
    }
    case 'filter_time':
      return typeof present[0] === 'string' ? { time_range: present[0] } : {};
    case 'filter_timegrain':
      return typeof present[0] === 'string' ? { time_grain_sqla: present[0] } : {};
    case 'filter_timecolumn':
      return typeof present[0] === 'string' ? { granularity_sqla: present[0] } : {};
    default:
      return {};
  }
}

export function mergeExtraFormData(a: ExtraFormData, b: ExtraFormData): ExtraFormData {
  const filters = [...(a.filters ?? []), ...(b.filters ?? [])];
  return { ...a, ...b, ...(filters.length ? { filters } : {}) };
}

/** Component ids above each chart id in the layout (for rootPath scopes). */
export function chartAncestors(position: PositionJson): Map<number, Set<string>> {
  const parent = new Map<string, string>();
  for (const [id, c] of Object.entries(position)) {
    for (const child of (c as LayoutComponent)?.children ?? []) parent.set(child, id);
  }
  const out = new Map<number, Set<string>>();
  for (const [id, c] of Object.entries(position)) {
    const chartId = (c as LayoutComponent)?.type === 'CHART' ? (c as LayoutComponent).meta?.chartId : undefined;
    if (typeof chartId !== 'number') continue;
    const above = out.get(chartId) ?? new Set<string>();
    for (let p = parent.get(id), guard = 0; p && guard < 100; p = parent.get(p), guard++) above.add(p);
    out.set(chartId, above);
  }
  return out;
}

export function inScope(config: NativeFilterConfig, chartId: number, ancestors: Set<string> | undefined): boolean {
  if (config.chartsInScope) return config.chartsInScope.includes(chartId);
  if (config.scope?.excluded?.includes(chartId)) return false;
  const roots = config.scope?.rootPath ?? ['ROOT_ID'];
  return roots.some((r) => r === 'ROOT_ID' || ancestors?.has(r));
}

/** Per chart id, the merged extra form data of the report's filter values that reach it. */
export function chartsExtraFormData(
  position: PositionJson,
  configs: NativeFilterConfig[],
  values: ReportNativeFilter[],
  chartIds: number[],
): Map<number, ExtraFormData> {
  const ancestors = chartAncestors(position);
  const out = new Map<number, ExtraFormData>();
  for (const value of values) {
    const config = configs.find((c) => c.id === value.nativeFilterId);
    if (!config) continue;
    const column = value.columnName ?? config.targets?.[0]?.column?.name;
    const extra = filterExtraFormData(value.filterType ?? config.filterType ?? '', column, value.filterValues ?? []);
    if (Object.keys(extra).length === 0) continue;
    for (const chartId of chartIds) {
      if (inScope(config, chartId, ancestors.get(chartId))) out.set(chartId, mergeExtraFormData(out.get(chartId) ?? {}, extra));
    }
  }
  return out;
}
