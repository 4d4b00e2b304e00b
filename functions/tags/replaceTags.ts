// A chart's or dashboard's PUT `tags` (tag ids), as Superset's update_tags applies them. Kept apart
// from ./tagging so the chart and dashboard services can use it without an import circle.
import { unprocessable } from '../../shared/errors';
import { TAG_TYPES } from '../../shared/tags/tagNames';
import type { Ports } from '../ports/index';
import { addTagged, findTags, removeTagged, tagIdsOfObject, type TaggedRef } from './repository';

/** Call before saving the object: every id must name a tag (422 otherwise). */
export async function checkTagIds(ports: Ports, tagIds: number[]) {
  const known = await findTags(ports, tagIds);
  const missing = [...new Set(tagIds)].filter((id) => !known.has(id));
  if (missing.length) throw unprocessable(`Tags not found: ${missing.join(', ')}`, { messages: { tags: ['Tag not found'] } });
}

/**
 * The custom tags of a chart or dashboard as its PUT `tags` (tag ids) says (Superset's update_tags):
 * unknown ids are a 422; system tags stay as they are. The caller has checked the user may change it.
 */
export async function replaceCustomTags(ports: Ports, ref: TaggedRef, tagIds: number[]) {
  const wanted = [...new Set(tagIds)];
  await checkTagIds(ports, wanted);
  const current = await tagIdsOfObject(ports, ref);
  const currentTags = await findTags(ports, current);
  for (const id of current) {
    if (!wanted.includes(id) && currentTags.get(id)?.type === TAG_TYPES.custom) await removeTagged(ports, id, ref);
  }
  for (const id of wanted) if (!current.includes(id)) await addTagged(ports, id, ref, ports.clock.now());
}
