// The scope tree of the filter configuration and the cross-filter scoping modal (Superset's
// FilterScope/ScopingTree): the layout's tabs and charts as a tree, and the scope a set of checked
// charts stands for. A tab (or the whole dashboard) whose checked charts sit directly in it becomes a
// rootPath entry, its unchecked charts `excluded`; a tab holding only nested tabs passes the choice
// down, so the scope resolves back to exactly the checked charts.
import type { Layout } from '../layout/types';
import { ROOT_ID } from '../layout/types';
import { chartsInScope, GLOBAL_SCOPE } from './scope';
import type { FilterScope } from './types';

export interface ScopeNode {
  id: string;
  kind: 'ROOT' | 'TAB' | 'CHART';
  label: string;
  chartId?: number;
  children: ScopeNode[];
}

const tabLabel = (layout: Layout, id: string) => String(layout[id]?.meta?.text || layout[id]?.meta?.defaultText || 'Tab title');

/** The tabs and charts under a component, other containers (grid, rows, columns, tab sets) flattened. */
function nodesUnder(layout: Layout, id: string, chartName: (chartId: number) => string, seen: Set<string>): ScopeNode[] {
  const out: ScopeNode[] = [];
  for (const childId of layout[id]?.children ?? []) {
    const child = layout[childId];
    if (!child || seen.has(childId)) continue;
    seen.add(childId);
    if (child.type === 'CHART' && Number.isInteger(child.meta?.chartId)) {
      const chartId = Number(child.meta.chartId);
      out.push({ id: childId, kind: 'CHART', label: String(child.meta.sliceNameOverride || chartName(chartId)), chartId, children: [] });
    } else if (child.type === 'TAB') {
      out.push({ id: childId, kind: 'TAB', label: tabLabel(layout, childId), children: nodesUnder(layout, childId, chartName, seen) });
    } else {
      out.push(...nodesUnder(layout, childId, chartName, seen));
    }
  }
  return out;
}

export function scopeTree(layout: Layout, chartName: (chartId: number) => string = (id) => `Chart ${id}`): ScopeNode {
  return { id: ROOT_ID, kind: 'ROOT', label: 'All panels', children: nodesUnder(layout, ROOT_ID, chartName, new Set()) };
}

/** Chart ids anywhere below a node. */
export function chartsBelow(node: ScopeNode): number[] {
  return node.kind === 'CHART' ? [node.chartId!] : node.children.flatMap(chartsBelow);
}

/** The roots that cover the checked charts: a node is a root when it holds a checked chart directly or all of its charts are checked. */
function rootsFor(node: ScopeNode, checked: Set<number>): string[] {
  const below = chartsBelow(node);
  if (!below.some((c) => checked.has(c))) return [];
  const direct = node.children.some((c) => c.kind === 'CHART' && checked.has(c.chartId!));
  if (direct || below.every((c) => checked.has(c))) return [node.id];
  return node.children.filter((c) => c.kind === 'TAB').flatMap((c) => rootsFor(c, checked));
}

/** The scope (rootPath, excluded) that reaches exactly the checked charts; every chart checked is the global scope. */
export function scopeFromCheckedCharts(layout: Layout, checkedChartIds: number[]): FilterScope {
  const tree = scopeTree(layout);
  const checked = new Set(checkedChartIds);
  const all = chartsBelow(tree);
  if (all.length > 0 && all.every((c) => checked.has(c))) return { ...GLOBAL_SCOPE, rootPath: [...GLOBAL_SCOPE.rootPath] };
  const rootPath = rootsFor(tree, checked);
  // No chart checked: the whole dashboard, every chart excluded (an empty rootPath would mean all).
  if (!rootPath.length) return { rootPath: [ROOT_ID], excluded: all };
  const covered = chartsInScope(layout, { rootPath, excluded: [] });
  return { rootPath, excluded: covered.filter((c) => !checked.has(c)) };
}

/** The charts a scope reaches, for the tree's checkboxes. */
export const checkedChartsOf = (layout: Layout, scope: FilterScope = GLOBAL_SCOPE): number[] => chartsInScope(layout, scope);

/** A tree checkbox's state: every chart below checked, some, or none. */
export function nodeCheckState(node: ScopeNode, checked: Set<number>): 'all' | 'some' | 'none' {
  const below = chartsBelow(node);
  const n = below.filter((c) => checked.has(c)).length;
  return n === 0 ? 'none' : n === below.length ? 'all' : 'some';
}

/** Toggling a node checks every chart below it, or unchecks them all when all were checked. */
export function toggleNode(node: ScopeNode, checked: number[]): number[] {
  const below = chartsBelow(node);
  const set = new Set(checked);
  if (nodeCheckState(node, set) === 'all') for (const c of below) set.delete(c);
  else for (const c of below) set.add(c);
  return [...set];
}
