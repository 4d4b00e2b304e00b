// Which charts a filter or a cross-filter reaches: charts under any component of the scope's rootPath,
// less the excluded ones; and the extra form data every chart gets from the data mask.
import type { Layout } from '../layout/types';
import { ROOT_ID } from '../layout/types';
import { ancestorsOf } from '../layout/tree';
import { mergeExtraFormData } from './merge';
import type { ChartConfiguration, DataMaskMap, ExtraFormData, FilterConfigItem, FilterScope } from './types';
import { isNativeFilter } from './types';

export const GLOBAL_SCOPE: FilterScope = { rootPath: [ROOT_ID], excluded: [] };

/** Chart ids placed in the layout, with the layout component ids above each. */
export function chartPlacements(layout: Layout): { chartId: number; path: string[] }[] {
  return Object.values(layout)
    .filter((item) => item?.type === 'CHART' && Number.isInteger(item.meta?.chartId))
    .map((item) => ({ chartId: Number(item.meta.chartId), path: [...ancestorsOf(layout, item.id), item.id] }));
}

export function chartsInScope(layout: Layout, scope: FilterScope = GLOBAL_SCOPE): number[] {
  const roots = new Set(scope.rootPath.length ? scope.rootPath : [ROOT_ID]);
  const excluded = new Set(scope.excluded);
  const ids = chartPlacements(layout)
    .filter((p) => p.path.some((id) => roots.has(id)) && !excluded.has(p.chartId))
    .map((p) => p.chartId);
  return [...new Set(ids)];
}

/** The layout tabs that hold a chart in scope (shown in the filter's scope tree and indicators). */
export function tabsInScope(layout: Layout, scope: FilterScope): string[] {
  const charts = new Set(chartsInScope(layout, scope));
  const tabs = new Set<string>();
  for (const p of chartPlacements(layout)) if (charts.has(p.chartId)) for (const id of p.path) if (layout[id]?.type === 'TAB') tabs.add(id);
  return [...tabs];
}

export interface ChartFilterContext {
  layout: Layout;
  filters: FilterConfigItem[];
  dataMask: DataMaskMap;
  crossFiltersEnabled: boolean;
  chartConfiguration: Record<string, ChartConfiguration>;
  globalScope?: FilterScope;
}

/** The cross-filter scope of an emitting chart: its own, or the dashboard's global one; never itself. */
export function crossFilterScope(ctx: Pick<ChartFilterContext, 'chartConfiguration' | 'globalScope'>, emitterId: number): FilterScope {
  const own = ctx.chartConfiguration[String(emitterId)]?.crossFilters?.scope;
  const scope = own && own !== 'global' ? own : (ctx.globalScope ?? GLOBAL_SCOPE);
  return { rootPath: scope.rootPath, excluded: [...new Set([...scope.excluded, emitterId])] };
}

export interface ChartExtra {
  extraFormData: ExtraFormData;
  /** Native filter ids and emitting chart ids whose values reach this chart. */
  sources: string[];
}

/** Everything the data mask adds to one chart's query: native filters in scope, then cross-filters. */
export function extraFormDataForChart(chartId: number, ctx: ChartFilterContext): ChartExtra {
  let extra: ExtraFormData = {};
  const sources: string[] = [];
  for (const filter of ctx.filters) {
    if (!isNativeFilter(filter)) continue;
    const mask = ctx.dataMask[filter.id];
    if (!mask?.extraFormData || !Object.keys(mask.extraFormData).length) continue;
    if (!chartsInScope(ctx.layout, filter.scope).includes(chartId)) continue;
    extra = mergeExtraFormData(extra, mask.extraFormData);
    sources.push(filter.id);
  }
  if (ctx.crossFiltersEnabled) {
    for (const [key, mask] of Object.entries(ctx.dataMask)) {
      const emitter = Number(key);
      if (!Number.isInteger(emitter) || emitter === chartId || !mask.extraFormData?.filters?.length) continue;
      if (!chartsInScope(ctx.layout, crossFilterScope(ctx, emitter)).includes(chartId)) continue;
      extra = mergeExtraFormData(extra, mask.extraFormData);
      sources.push(key);
    }
  }
  return { extraFormData: extra, sources };
}

/** The charts whose query changes when the data mask entry `id` changes: only those re-query. */
export function chartsAffectedBy(id: string, ctx: ChartFilterContext): number[] {
  const filter = ctx.filters.find((f) => f.id === id);
  if (filter && isNativeFilter(filter)) return chartsInScope(ctx.layout, filter.scope);
  const emitter = Number(id);
  return Number.isInteger(emitter) && ctx.crossFiltersEnabled ? chartsInScope(ctx.layout, crossFilterScope(ctx, emitter)) : [];
}
