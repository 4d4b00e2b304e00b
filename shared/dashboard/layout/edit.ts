// Small edits that are not moves: header and tab text, markdown source, background.
import type { ComponentMeta, Layout } from './types';

/** Header text is editable (and tab titles, markdown code, backgrounds): a shallow meta update. */
export function updateMeta(layout: Layout, id: string, meta: Partial<ComponentMeta>): Layout {
  const item = layout[id];
  if (!item) return layout;
  return { ...layout, [id]: { ...item, meta: { ...item.meta, ...meta } } };
}
