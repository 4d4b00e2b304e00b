// Tag operations (Superset's TagRestApi): reading needs can_read on Tag, any change can_write on Tag.
// Only a tag's creator or an Admin renames, describes or deletes it (system tags have no creator: Admin
// only); what a tag is attached to is guarded per object by ./objects (only those who may change an
// object change its tags).
import { notFound, SupersetError, unprocessable } from '../../shared/errors';
import { userIsAdmin } from '../../shared/security/permissions';
import type { TagPostBody, TagPutBody } from '../../shared/routes/tags';
import { requirePermission } from '../http/authz';
import type { Identity } from '../http/identity';
import { json, type RawResponse } from '../http/respond';
import { runList } from '../lists/engine';
import { relatedLoader } from '../lists/related';
import { selectColumns } from '../lists/select';
import type { ListQuery } from '../../shared/schemas/common';
import { addFavorite, favoriteStatus, removeFavorite } from '../platform/favorites';
import type { Ports } from '../ports/index';
import { laterThan } from '../ports/tables';
import { tagList } from './listResource';
import { TAG_SHOW_COLUMNS, toTagDict } from './present';
import { claimTagName, deleteTagAndTaggings, findTag, findTagByName, putTag, releaseTagName, type TagRecord } from './repository';
import { customTagNamed, checkTagName } from './customTags';
import { VIEW, setTagObjects, tagObjectsOf } from './tagging';

export { VIEW };

export const tagNotFound = () => notFound('Not found');

/** 403 unless the user made the tag or is an Admin. */
function requireTagOwner(user: Identity, tag: TagRecord): void {
  if (userIsAdmin(user) || (tag.created_by !== null && tag.created_by === user.userId)) return;
  throw new SupersetError('MISSING_OWNERSHIP_ERROR', 'Changing this tag is forbidden', { status: 403 });
}

export async function listTags(ports: Ports, user: Identity, q: ListQuery) {
  requirePermission(user, 'can_read', VIEW);
  return runList(tagList, { ports, user }, q);
}

export async function getTag(ports: Ports, user: Identity, id: number) {
  requirePermission(user, 'can_read', VIEW);
  const tag = await findTag(ports, id);
  if (!tag) throw tagNotFound();
  const dict = await toTagDict(tag, relatedLoader(ports), ports.clock.now());
  return { id: tag.id, result: selectColumns(dict, TAG_SHOW_COLUMNS) };
}

/** POST /: the custom tag (made, or the existing one of that name) attached to `objects_to_tag`. */
export async function createTag(ports: Ports, user: Identity, body: TagPostBody): Promise<RawResponse> {
  requirePermission(user, 'can_write', VIEW);
  const tag = await customTagNamed(ports, user, body.name, body.description);
  if (body.description !== undefined && body.description !== tag.description) {
    requireTagOwner(user, tag);
    await putTag(ports, { ...tag, description: body.description ?? null, changed_on: laterThan(ports.clock.now(), tag.changed_on), changed_by: user.userId }, tag);
  }
  if (body.objects_to_tag?.length) await tagObjectsOf(ports, user, tag, body.objects_to_tag);
  return json(201, { id: tag.id, result: body });
}

/** PUT /{pk}: rename, describe, and (when sent) make `objects_to_tag` the tag's objects. */
export async function updateTag(ports: Ports, user: Identity, id: number, body: TagPutBody) {
  requirePermission(user, 'can_write', VIEW);
  const current = await findTag(ports, id);
  if (!current) throw tagNotFound();
  requireTagOwner(user, current);
  const next: TagRecord = { ...current, changed_on: laterThan(ports.clock.now(), current.changed_on), changed_by: user.userId };
  if (body.name !== undefined && body.name.trim() !== current.name) {
    next.name = checkTagName(body.name);
    if (!(await claimTagName(ports, next.name, id))) {
      throw unprocessable(`A tag named ${next.name} already exists`, { messages: { name: ['Name must be unique'] } });
    }
  }
  if (body.description !== undefined) next.description = body.description ?? null;
  try {
    await putTag(ports, next, current);
  } catch (error) {
    if (next.name !== current.name) await releaseTagName(ports, next.name);
    throw error;
  }
  if (next.name !== current.name) await releaseTagName(ports, current.name);
  if (body.objects_to_tag !== undefined) await setTagObjects(ports, user, next, body.objects_to_tag);
  return { id, result: body };
}

export async function deleteTag(ports: Ports, user: Identity, id: number) {
  requirePermission(user, 'can_write', VIEW);
  const tag = await findTag(ports, id);
  if (!tag) throw tagNotFound();
  requireTagOwner(user, tag);
  await deleteTagAndTaggings(ports, tag);
  return { message: 'OK' };
}

/** DELETE /?q=!(names): all or nothing; a name no tag has (404) or another's tag (403) deletes none. */
export async function bulkDeleteTags(ports: Ports, user: Identity, names: string[]) {
  requirePermission(user, 'can_write', VIEW);
  const unique = [...new Set(names.map((n) => n.trim()))];
  const tags = await Promise.all(unique.map((name) => findTagByName(ports, name)));
  if (tags.some((t) => !t)) throw tagNotFound();
  for (const tag of tags) requireTagOwner(user, tag!);
  for (const tag of tags) await deleteTagAndTaggings(ports, tag!);
  return { message: `Deleted ${unique.length} tags` };
}

export async function tagFavoriteStatus(ports: Ports, user: Identity, ids: number[]) {
  requirePermission(user, 'can_read', VIEW);
  const marked = await favoriteStatus(ports, user.userId, 'TAG', ids);
  return { result: ids.map((id) => ({ id, value: marked.has(id) })) };
}

export async function addTagFavorite(ports: Ports, user: Identity, id: number) {
  requirePermission(user, 'can_read', VIEW);
  if (!(await findTag(ports, id))) throw tagNotFound();
  await addFavorite(ports, user.userId, 'TAG', id, ports.clock.now());
  return { result: 'OK' as const };
}

export async function removeTagFavorite(ports: Ports, user: Identity, id: number) {
  requirePermission(user, 'can_read', VIEW);
  if (!(await findTag(ports, id))) throw tagNotFound();
  await removeFavorite(ports, user.userId, 'TAG', id);
  return { result: 'OK' as const };
}
