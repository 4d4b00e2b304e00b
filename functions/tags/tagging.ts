// What tags are attached to: tagging and untagging one object, a tag's objects (create, update, bulk
// create), and get_objects (the objects
// carrying some tags, for the all-entities page). Only objects the user may change are (un)tagged;
// get_objects lists only objects the user may see.
import { badRequest, notFound, unprocessable } from '../../shared/errors';
import type { TagObjectBody } from '../../shared/routes/tags';
import { TAG_TYPES, parseObjectType, splitList, type TaggableType } from '../../shared/tags/tagNames';
import { requirePermission } from '../http/authz';
import type { Identity } from '../http/identity';
import { json } from '../http/respond';
import { relatedLoader } from '../lists/related';
import type { Ports } from '../ports/index';
import { isoNaive, naturalTime } from '../savedQueries/humanize';
import { customTagNamed } from './customTags';
import { accessObject, modifiableObject } from './objects';
import { tagRefsOf } from './refs';
import {
  addTagged, findTagByName, listTagRecords, objectsOfTag, removeTagged,
  type TagRecord, type TaggedRef,
} from './repository';

export const VIEW = 'Tag';

export function objectTypeOf(value: unknown): TaggableType {
  const type = parseObjectType(value);
  if (!type) throw unprocessable(`Invalid object type: ${String(value)}`);
  return type;
}

/** Attaches a tag to the objects the user may change; the rest (missing, unseen, not owned) are skipped. */
export async function tagObjectsOf(ports: Ports, user: Identity, tag: TagRecord, objects: [string, number][]) {
  const tagged: [string, number][] = [];
  const skipped: [string, number][] = [];
  const refs = objects.map(([type, id]) => ({ sent: [type, id] as [string, number], ref: { type: objectTypeOf(type), id } }));
  for (const { sent, ref } of refs) {
    const access = await accessObject(ports, user, ref);
    if (!access?.canModify) {
      skipped.push(sent);
      continue;
    }
    await addTagged(ports, tag.id, ref, ports.clock.now());
    tagged.push(sent);
  }
  return { tagged, skipped };
}

/** Makes `objects` the tag's objects, leaving alone taggings of objects the user may not change. */
export async function setTagObjects(ports: Ports, user: Identity, tag: TagRecord, objects: [string, number][]) {
  const wanted = new Set(objects.map(([type, id]) => `${objectTypeOf(type)}#${id}`));
  for (const ref of await objectsOfTag(ports, tag.id)) {
    if (wanted.has(`${ref.type}#${ref.id}`)) continue;
    if ((await accessObject(ports, user, ref))?.canModify) await removeTagged(ports, tag.id, ref);
  }
  return tagObjectsOf(ports, user, tag, objects);
}

const customRefs = async (ports: Ports, ref: TaggedRef) => (await tagRefsOf(ports, ref.type, ref.id)).filter((t) => t.type === TAG_TYPES.custom);

/** POST /{object_type}/{object_id}/ {"properties": {"tags": [names]}}: tags made when missing. */
export async function tagObject(ports: Ports, user: Identity, typeParam: string, objectId: number, body: TagObjectBody) {
  requirePermission(user, 'can_write', VIEW);
  const names = body.properties?.tags;
  if (!Array.isArray(names)) throw badRequest("Missing required field 'tags' in 'properties'");
  const ref = { type: objectTypeOf(typeParam), id: objectId };
  await modifiableObject(ports, user, ref);
  const tags = [];
  for (const name of names) tags.push(await customTagNamed(ports, user, name));
  for (const tag of tags) await addTagged(ports, tag.id, ref, ports.clock.now());
  return json(201, { result: await customRefs(ports, ref) });
}

/** DELETE /{object_type}/{object_id}/{tag}/: 404 when the tag or the tagging does not exist. */
export async function untagObject(ports: Ports, user: Identity, typeParam: string, objectId: number, tagName: string) {
  requirePermission(user, 'can_write', VIEW);
  const ref = { type: objectTypeOf(typeParam), id: objectId };
  const tag = await findTagByName(ports, tagName.trim());
  if (!tag) throw notFound('Not found');
  await modifiableObject(ports, user, ref);
  if (!(await removeTagged(ports, tag.id, ref))) throw notFound('Not found');
  return { message: 'OK' };
}

/** POST /bulk_create: several tags, each with its objects; objects the user may not change are skipped. */
export async function bulkCreateTags(ports: Ports, user: Identity, body: { tags: { name: string; description?: string | null; objects_to_tag?: [string, number][] }[] }) {
  requirePermission(user, 'can_write', VIEW);
  const tagged = new Map<string, [string, number]>();
  const skipped = new Map<string, [string, number]>();
  for (const entry of body.tags) {
    const tag = await customTagNamed(ports, user, entry.name, entry.description);
    const out = await tagObjectsOf(ports, user, tag, entry.objects_to_tag ?? []);
    for (const o of out.tagged) tagged.set(o.join('#'), o);
    for (const o of out.skipped) skipped.set(o.join('#'), o);
  }
  for (const key of skipped.keys()) tagged.delete(key);
  return { result: { objects_tagged: [...tagged.values()], objects_skipped: [...skipped.values()] } };
}

function idsOfParam(text: string | undefined): number[] {
  return splitList(text).map((s) => {
    const n = Number(s);
    if (!Number.isSafeInteger(n) || n <= 0) throw badRequest(`Invalid tag id: ${s}`);
    return n;
  });
}

/** GET /get_objects/?tagIds=1,2 (or ?tags=a,b; neither: every tagged object) &types=chart,dashboard. */
export async function getTaggedObjects(ports: Ports, user: Identity, query: { tags?: string; tagIds?: string; types?: string }) {
  requirePermission(user, 'can_read', VIEW);
  const types = new Set(splitList(query.types).map(objectTypeOf));
  const tagIds = idsOfParam(query.tagIds);
  let ids: number[];
  if (tagIds.length) ids = tagIds;
  else if (splitList(query.tags).length) {
    const tags = await Promise.all(splitList(query.tags).map((name) => findTagByName(ports, name)));
    ids = tags.filter((t) => t !== null).map((t) => t!.id);
  } else ids = (await listTagRecords(ports)).map((t) => t.id);

  const seen = new Map<string, TaggedRef>();
  for (const id of ids) {
    for (const ref of await objectsOfTag(ports, id)) if (!types.size || types.has(ref.type)) seen.set(`${ref.type}#${ref.id}`, ref);
  }
  const related = relatedLoader(ports);
  const now = ports.clock.now();
  const order: Record<TaggableType, number> = { dashboard: 0, chart: 1, query: 2 };
  const result = [];
  for (const ref of [...seen.values()].sort((a, b) => order[a.type] - order[b.type] || a.id - b.id)) {
    const access = await accessObject(ports, user, ref);
    if (!access) continue;
    const e = access.entity;
    const [createdBy, owners, tags] = await Promise.all([
      related.user(e.created_by),
      Promise.all(e.owners.map((id) => related.user(id))),
      tagRefsOf(ports, ref.type, ref.id),
    ]);
    result.push({
      id: e.id,
      type: e.type,
      name: e.name,
      url: e.url,
      changed_on: isoNaive(e.changed_on),
      changed_on_delta_humanized: naturalTime(e.changed_on, now),
      created_by: createdBy,
      creator: createdBy ? `${createdBy.first_name} ${createdBy.last_name}`.trim() : '',
      owners: owners.filter((o) => o !== null).map((o) => o!),
      tags,
    });
  }
  return { result };
}
