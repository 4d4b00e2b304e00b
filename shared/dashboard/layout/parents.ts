// Superset keeps each component's ancestor ids in `parents`; rules refresh them after a change.
import type { Layout } from './types';
import { ancestorsOf } from './tree';

/** Rewrites `parents` of `id` and everything below it. Mutates `layout`, which callers have cloned. */
export function refreshParents(layout: Layout, id: string): void {
  const start = ancestorsOf(layout, id);
  const walk = (itemId: string, parents: string[]) => {
    const item = layout[itemId];
    if (!item) return;
    layout[itemId] = { ...item, parents };
    for (const child of item.children) walk(child, [...parents, itemId]);
  };
  walk(id, start);
}
