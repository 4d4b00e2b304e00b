// The tags Superset keeps by itself on charts, dashboards and saved queries: `type:<object type>`
// (TagType type) and `owner:<user id>` (owner) follow the object's kind and owners, `favorited_by:<user
// id>` (favorited_by) follows favorites. Services call these after their own writes; an object's
// deletion drops every tagging it had.
import { TAG_TYPES, type TagTypeId, type TaggableType } from '../../shared/tags/tagNames';
import type { Ports } from '../ports/index';
import { nextId } from '../ports/counters';
import {
  addTagged, claimTagName, findTagByName, findTags, putTag, removeTagged, tagIdsOfObject, untagObjectEverywhere,
  type TagRecord, type TaggedRef,
} from './repository';

type P = Pick<Ports, 'tables'>;

/** The system tag of this name and type, made when missing. */
async function systemTag(ports: P, name: string, type: TagTypeId, now: number): Promise<TagRecord> {
  for (let attempt = 0; attempt < 3; attempt++) {
    const existing = await findTagByName(ports, name);
    if (existing) return existing;
    const id = await nextId(ports.tables, 'tag');
    if (!(await claimTagName(ports, name, id))) continue;
    const tag: TagRecord = { id, name, type, description: null, created_on: now, changed_on: now, created_by: null, changed_by: null };
    await putTag(ports, tag);
    return tag;
  }
  throw new Error(`system tag ${name} could not be made`);
}

/** `type:` and `owner:` tags of an object as its kind and owners say (only the differences are written). */
export async function syncSystemTags(ports: Pick<Ports, 'tables' | 'clock'>, ref: TaggedRef, owners: readonly number[]): Promise<void> {
  const now = ports.clock.now();
  const wanted = [
    await systemTag(ports, `type:${ref.type}`, TAG_TYPES.type, now),
    ...(await Promise.all([...new Set(owners)].map((id) => systemTag(ports, `owner:${id}`, TAG_TYPES.owner, now)))),
  ];
  const current = await tagIdsOfObject(ports, ref);
  const currentTags = await findTags(ports, current);
  for (const tag of wanted) if (!current.includes(tag.id)) await addTagged(ports, tag.id, ref, now);
  for (const id of current) {
    const type = currentTags.get(id)?.type;
    const managed = type === TAG_TYPES.type || type === TAG_TYPES.owner;
    if (managed && !wanted.some((t) => t.id === id)) await removeTagged(ports, id, ref);
  }
}

/** `favorited_by:<user>` on an object the user marked (or unmarked). */
export async function syncFavoriteTag(ports: P, userId: number, type: TaggableType, objectId: number, favoriteSince: number | null): Promise<void> {
  const ref = { type, id: objectId };
  if (favoriteSince !== null) {
    await addTagged(ports, (await systemTag(ports, `favorited_by:${userId}`, TAG_TYPES.favorited_by, favoriteSince)).id, ref, favoriteSince);
    return;
  }
  const tag = await findTagByName(ports, `favorited_by:${userId}`);
  if (tag) await removeTagged(ports, tag.id, ref);
}

/** The object is gone: no tag lists it any more. */
export const dropObjectTags = (ports: P, type: TaggableType, id: number) => untagObjectEverywhere(ports, { type, id });
