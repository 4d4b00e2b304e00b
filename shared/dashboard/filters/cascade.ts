// Cascading filters: a child's values are filtered by its parents' selections; a filter may not depend
// on itself or, through its parents, on itself again.
import { mergeExtraFormData } from './merge';
import type { DataMaskMap, ExtraFormData, FilterConfigItem, NativeFilter } from './types';
import { isNativeFilter } from './types';

export const SELF_DEPENDENCY = 'A filter cannot depend on itself';
export const CYCLIC_DEPENDENCY = 'Cannot create cyclic hierarchy';

const byId = (filters: FilterConfigItem[]) => new Map(filters.filter(isNativeFilter).map((f) => [f.id, f]));

/** The message for a filter whose parents loop back to it, or null. */
export function cascadeError(filters: FilterConfigItem[], id: string): string | null {
  const map = byId(filters);
  const filter = map.get(id);
  if (!filter) return null;
  if (filter.cascadeParentIds.includes(id)) return SELF_DEPENDENCY;
  const seen = new Set<string>();
  const stack = [...filter.cascadeParentIds];
  while (stack.length) {
    const next = stack.pop()!;
    if (next === id) return CYCLIC_DEPENDENCY;
    if (seen.has(next)) continue;
    seen.add(next);
    stack.push(...(map.get(next)?.cascadeParentIds ?? []));
  }
  return null;
}

/** Every ancestor of a filter, nearest first (stops at loops). */
export function cascadeAncestors(filters: FilterConfigItem[], id: string): NativeFilter[] {
  const map = byId(filters);
  const out: NativeFilter[] = [];
  const seen = new Set<string>([id]);
  const queue = [...(map.get(id)?.cascadeParentIds ?? [])];
  while (queue.length) {
    const next = queue.shift()!;
    if (seen.has(next)) continue;
    seen.add(next);
    const parent = map.get(next);
    if (!parent) continue;
    out.push(parent);
    queue.push(...parent.cascadeParentIds);
  }
  return out;
}

/** What the parents' current selections add to the query that loads a child's values. */
export function cascadeExtraFormData(filters: FilterConfigItem[], id: string, dataMask: DataMaskMap): ExtraFormData {
  return cascadeAncestors(filters, id).reduce<ExtraFormData>((acc, parent) => mergeExtraFormData(acc, dataMask[parent.id]?.extraFormData ?? {}), {});
}

/** Filters whose values must reload when `id` changes: its descendants. */
export function cascadeChildren(filters: FilterConfigItem[], id: string): string[] {
  return filters.filter(isNativeFilter).filter((f) => cascadeAncestors(filters, f.id).some((a) => a.id === id)).map((f) => f.id);
}
