// Checks a stored layout (position_json) before it is saved, so a bad one is a 400 and not a broken
// page later: known component types, children that exist with one parent each, every component
// reachable from the root, valid parent/child types, charts that exist.
import { COMPONENT_TYPES, DASHBOARD_VERSION_KEY, HEADER_ID, ROOT_ID, type ComponentType, type LayoutItem } from './types';
import { isValidChild, shouldWrapInRow } from './validChild';
import { MAX_DEPTH } from './constants';
import { layoutComponents } from './parse';

export interface LayoutIssue {
  id: string;
  message: string;
}

const isType = (t: unknown): t is ComponentType => typeof t === 'string' && (COMPONENT_TYPES as readonly string[]).includes(t);

function itemIssues(id: string, raw: unknown): LayoutIssue[] {
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) return [{ id, message: 'Component is not an object' }];
  const item = raw as Partial<LayoutItem>;
  const issues: LayoutIssue[] = [];
  if (item.id !== id) issues.push({ id, message: `Component id ${String(item.id)} does not match its key` });
  if (!isType(item.type)) issues.push({ id, message: `Unknown component type ${JSON.stringify(item.type)}` });
  // Superset leaves the list out of components that hold none (HEADER_ID).
  if (item.children !== undefined && (!Array.isArray(item.children) || item.children.some((c) => typeof c !== 'string'))) {
    issues.push({ id, message: 'children must be a list of ids' });
  }
  if (item.meta !== undefined && (typeof item.meta !== 'object' || item.meta === null)) issues.push({ id, message: 'meta must be an object' });
  if (item.type === 'CHART' && !Number.isInteger(item.meta?.chartId)) issues.push({ id, message: 'A chart component needs an integer meta.chartId' });
  return issues;
}

/** Chart ids a layout places (meta.chartId of its CHART components). */
export function chartIdsOf(layout: Record<string, unknown>): number[] {
  return Object.values(layout)
    .filter((v): v is LayoutItem => !!v && typeof v === 'object' && (v as LayoutItem).type === 'CHART')
    .map((c) => c.meta?.chartId)
    .filter((id): id is number => Number.isInteger(id));
}

/** Issues of a position_json value; `chartExists` answers for each chart id it places. */
export function validateLayout(value: unknown, chartExists?: (chartId: number) => boolean): LayoutIssue[] {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return [{ id: '', message: 'position_json must be an object' }];
  const entries = Object.entries(value as Record<string, unknown>).filter(([key]) => key !== DASHBOARD_VERSION_KEY);
  if (entries.length === 0) return [];
  const issues = entries.flatMap(([id, raw]) => itemIssues(id, raw));
  if (issues.length) return issues;
  const layout = layoutComponents(Object.fromEntries(entries));
  if (!layout[ROOT_ID]) return [{ id: ROOT_ID, message: 'The layout has no ROOT_ID component' }];
  const parentOf = new Map<string, string>();
  for (const item of Object.values(layout)) {
    for (const child of item.children) {
      if (!layout[child]) issues.push({ id: item.id, message: `Child ${child} does not exist` });
      else if (parentOf.has(child)) issues.push({ id: child, message: `Component has two parents (${parentOf.get(child)}, ${item.id})` });
      else parentOf.set(child, item.id);
    }
  }
  if (issues.length) return issues;
  const reached = new Set<string>();
  const walk = (id: string, depth: number) => {
    reached.add(id);
    const item = layout[id];
    const childDepth = item.type === 'TABS' || item.type === 'TAB' ? depth : depth + 1;
    for (const childId of item.children) {
      const child = layout[childId];
      const fits = isValidChild(item.type, child.type, Math.min(childDepth, MAX_DEPTH)) || shouldWrapInRow(item.type, child.type);
      if (!fits) issues.push({ id: childId, message: `A ${child.type} cannot be placed in a ${item.type}` });
      if (!reached.has(childId)) walk(childId, childDepth);
    }
  };
  walk(ROOT_ID, 0);
  // HEADER_ID holds the dashboard title beside the tree, as Superset stores it; an empty container
  // left beside it (the GRID_ID of a dashboard turned into top-level tabs) shows nothing and is kept.
  const strayAllowed = (item: LayoutItem) => item.id === HEADER_ID || (item.children.length === 0 && item.type !== 'CHART');
  for (const [id, item] of Object.entries(layout)) if (!reached.has(id) && !strayAllowed(item)) issues.push({ id, message: 'Component is not reachable from ROOT_ID' });
  if (chartExists) for (const chartId of chartIdsOf(layout)) if (!chartExists(chartId)) issues.push({ id: `chart ${chartId}`, message: `Chart ${chartId} does not exist` });
  return issues;
}
