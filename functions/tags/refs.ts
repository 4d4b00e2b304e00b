// The tags an object carries as charts, dashboards and saved queries show them ({id, name, type}), and
// the per-request index the list filters use (chart_tags / chart_tag_id and their twins).
import type { TagTypeId, TaggableType } from '../../shared/tags/tagNames';
import { lower } from '../lists/operators';
import type { Ports } from '../ports/index';
import { findTags, listTagRecords, objectsOfTag, tagIdsOfObject } from './repository';

type P = Pick<Ports, 'tables'>;

export interface TagRef {
  id: number;
  name: string;
  type: TagTypeId;
}

/** An object's tags, by tag id (the order they were made). */
export async function tagRefsOf(ports: P, type: TaggableType, id: number): Promise<TagRef[]> {
  const ids = await tagIdsOfObject(ports, { type, id });
  if (!ids.length) return [];
  const tags = await findTags(ports, ids);
  return ids
    .map((tagId) => tags.get(tagId))
    .filter((t) => t !== undefined)
    .sort((a, b) => a!.id - b!.id)
    .map((t) => ({ id: t!.id, name: t!.name, type: t!.type }));
}

/**
 * Which objects of a type carry a tag, each tag read once per request: Superset's BaseTagIdFilter
 * (`<type>_tag_id`, the tag's id) and BaseTagNameFilter (`<type>_tags`, names containing the value).
 */
export function taggedIndex(ports: P) {
  const byTag = new Map<number, Promise<{ type: TaggableType; id: number }[]>>();
  const objects = (tagId: number) => {
    if (!byTag.has(tagId)) byTag.set(tagId, objectsOfTag(ports, tagId));
    return byTag.get(tagId)!;
  };
  let allTags: ReturnType<typeof listTagRecords> | null = null;
  const idsOf = async (type: TaggableType, tagIds: number[]) => {
    const refs = (await Promise.all(tagIds.map(objects))).flat();
    return new Set(refs.filter((r) => r.type === type).map((r) => r.id));
  };
  const memo = new Map<string, Promise<Set<number>>>();
  const once = (key: string, load: () => Promise<Set<number>>) => {
    if (!memo.has(key)) memo.set(key, load());
    return memo.get(key)!;
  };
  return {
    withTagIds: (type: TaggableType, tagIds: number[]) => once(`${type}#id#${tagIds.join(',')}`, () => idsOf(type, tagIds)),
    withTagName: (type: TaggableType, needle: string) =>
      once(`${type}#name#${lower(needle)}`, async () => {
        allTags ??= listTagRecords(ports);
        const matching = (await allTags).filter((t) => lower(t.name).includes(lower(needle)));
        return idsOf(type, matching.map((t) => t.id));
      }),
  };
}
export type TaggedIndex = ReturnType<typeof taggedIndex>;

const tagIdsIn = (value: unknown): number[] =>
  (Array.isArray(value) ? value : [value])
    .map((v) => (v && typeof v === 'object' ? ((v as { value?: unknown; id?: unknown }).value ?? (v as { id?: unknown }).id) : v))
    .map(Number)
    .filter((n) => Number.isSafeInteger(n));

/**
 * The `tags` search column of a list: `<prefix>_tags` (name contains) and `<prefix>_tag_id` (id).
 * The list's context must carry a `tagged` index (taggedIndex(ports)).
 */
export function tagFilters<Rec, Ctx extends { tagged: TaggedIndex }>(type: TaggableType, prefix: string, idOf: (r: Rec) => number) {
  return {
    [`${prefix}_tags`]: async (r: Rec, v: unknown, ctx: Ctx) => !lower(v) || (await ctx.tagged.withTagName(type, String(v))).has(idOf(r)),
    [`${prefix}_tag_id`]: async (r: Rec, v: unknown, ctx: Ctx) => (await ctx.tagged.withTagIds(type, tagIdsIn(v))).has(idOf(r)),
  };
}
