// Tags and tagged objects in the main table (keys in shared/resources/keys.ts).
//   tag:            pk TAG#<id>        sk TAG                      gsi2 TAGS / padded id (the tag list)
//   name claim:     pk TAGNAME#<name>  sk TAGNAME                  (names are unique, as Superset's are)
//   tagged object:  pk TAG#<tag id>    sk OBJ#<type>#<padded id>   gsi1 TAGGED#<type>#<id> / padded tag id
// One item per tagging serves both ways: a tag's objects are its partition, an object's tags its gsi1.
import { DeleteCommand, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';

import { KEYS, padId } from '../../shared/resources/keys';
import type { TagTypeId, TaggableType } from '../../shared/tags/tagNames';
import type { Ports } from '../ports/index';
import { batchGetById, putIfUnchanged, queryAllItems } from '../ports/tables';

type P = Pick<Ports, 'tables'>;

export interface TagRecord {
  id: number;
  name: string;
  type: TagTypeId;
  description: string | null;
  created_on: number;
  changed_on: number;
  created_by: number | null;
  changed_by: number | null;
}

export interface TaggedRef {
  type: TaggableType;
  id: number;
}

const table = (ports: P) => ports.tables.name('main');
const isConditionFailure = (e: unknown) => (e as { name?: string }).name === 'ConditionalCheckFailedException';

/**
 * Writes the tag. With `basedOn` (the record it was changed from) only if the stored tag is still that
 * one (its changed_on), else 409 "changed by someone else".
 */
export async function putTag(ports: P, tag: TagRecord, basedOn?: TagRecord): Promise<void> {
  const item = { ...KEYS.tag(tag.id), gsi2pk: KEYS.allTags, gsi2sk: padId(tag.id), tag };
  await putIfUnchanged(ports.tables, item, basedOn && { 'tag.changed_on': basedOn.changed_on }, 'tag');
}

/** Claims a name for a tag id; a name another tag holds is a 409 (the caller reads that tag instead). */
export async function claimTagName(ports: P, name: string, tagId: number): Promise<boolean> {
  try {
    await ports.tables.doc.send(
      new PutCommand({ TableName: table(ports), Item: { ...KEYS.tagName(name), tagId }, ConditionExpression: 'attribute_not_exists(pk)' }),
    );
    return true;
  } catch (e) {
    if (isConditionFailure(e)) return false;
    throw e;
  }
}

export async function releaseTagName(ports: P, name: string): Promise<void> {
  await ports.tables.doc.send(new DeleteCommand({ TableName: table(ports), Key: KEYS.tagName(name) }));
}

export async function findTag(ports: P, id: number): Promise<TagRecord | null> {
  if (!Number.isSafeInteger(id) || id <= 0) return null;
  const out = await ports.tables.doc.send(new GetCommand({ TableName: table(ports), Key: KEYS.tag(id), ConsistentRead: true }));
  return (out.Item?.tag as TagRecord | undefined) ?? null;
}

export async function findTagIdByName(ports: P, name: string): Promise<number | null> {
  const out = await ports.tables.doc.send(new GetCommand({ TableName: table(ports), Key: KEYS.tagName(name), ConsistentRead: true }));
  return typeof out.Item?.tagId === 'number' ? out.Item.tagId : null;
}

export async function findTagByName(ports: P, name: string): Promise<TagRecord | null> {
  const id = await findTagIdByName(ports, name);
  return id === null ? null : findTag(ports, id);
}

/** Several tags by id in batch reads (an object's tags, a page of a list's tags). */
export async function findTags(ports: P, ids: number[]): Promise<Map<number, TagRecord>> {
  const tags = await batchGetById(ports.tables, ids, KEYS.tag, (item) => item.tag as TagRecord | undefined);
  return new Map(tags.map((t) => [t.id, t]));
}

export async function listTagRecords(ports: P): Promise<TagRecord[]> {
  const items = await queryAllItems(ports.tables, {
    IndexName: 'gsi2',
    KeyConditionExpression: 'gsi2pk = :k',
    ExpressionAttributeValues: { ':k': KEYS.allTags },
  });
  return items.map((i) => i.tag as TagRecord).filter(Boolean);
}

export async function addTagged(ports: P, tagId: number, ref: TaggedRef, nowMs: number): Promise<void> {
  await ports.tables.doc.send(
    new PutCommand({
      TableName: table(ports),
      Item: {
        ...KEYS.tagged(tagId, ref.type, ref.id),
        gsi1pk: KEYS.tagsOfObject(ref.type, ref.id),
        gsi1sk: padId(tagId),
        tagId,
        objectType: ref.type,
        objectId: ref.id,
        created_on: nowMs,
      },
    }),
  );
}

/** Removes one tagging; false when the object did not carry the tag. */
export async function removeTagged(ports: P, tagId: number, ref: TaggedRef): Promise<boolean> {
  try {
    await ports.tables.doc.send(
      new DeleteCommand({ TableName: table(ports), Key: KEYS.tagged(tagId, ref.type, ref.id), ConditionExpression: 'attribute_exists(pk)' }),
    );
    return true;
  } catch (e) {
    if (isConditionFailure(e)) return false;
    throw e;
  }
}

/** The objects carrying a tag (its partition's OBJ# items). */
export async function objectsOfTag(ports: P, tagId: number): Promise<TaggedRef[]> {
  const items = await queryAllItems(ports.tables, {
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :p)',
    ExpressionAttributeValues: { ':pk': KEYS.tag(tagId).pk, ':p': KEYS.taggedPrefix },
  });
  return items.map((i) => ({ type: i.objectType as TaggableType, id: Number(i.objectId) }));
}

/** The ids of the tags an object carries (its gsi1 partition). */
export async function tagIdsOfObject(ports: P, ref: TaggedRef): Promise<number[]> {
  const items = await queryAllItems(ports.tables, {
    IndexName: 'gsi1',
    KeyConditionExpression: 'gsi1pk = :k',
    ExpressionAttributeValues: { ':k': KEYS.tagsOfObject(ref.type, ref.id) },
  });
  return items.map((i) => Number(i.tagId));
}

/** Deletes a tag with its name claim and every tagging of it. */
export async function deleteTagAndTaggings(ports: P, tag: TagRecord): Promise<void> {
  for (const ref of await objectsOfTag(ports, tag.id)) await removeTagged(ports, tag.id, ref);
  await ports.tables.doc.send(new DeleteCommand({ TableName: table(ports), Key: KEYS.tag(tag.id) }));
  await releaseTagName(ports, tag.name);
}

/** Drops every tagging of an object (the object was deleted). */
export async function untagObjectEverywhere(ports: P, ref: TaggedRef): Promise<void> {
  for (const tagId of await tagIdsOfObject(ports, ref)) await removeTagged(ports, tagId, ref);
}

