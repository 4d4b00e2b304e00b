// Superset's temporary cache (TemporaryCacheRestApi: explore form data, dashboard filter state): a
// value under a random key for 7 days, owned by the user who wrote it. A user's tab reuses its key for
// the same context (Superset's contextual key), so every change does not mint a key; a PUT on someone
// else's key writes a key of the caller's own. Callers check read access to what the entry is about.
import { DeleteCommand, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { SupersetError } from '../../shared/errors';
import type { Identity } from '../http/identity';
import type { Ports } from '../ports/index';
import { isExpired } from '../ports/tables';

type ItemKey = { pk: string; sk: string };

export interface CacheSpace<E extends { owner: number }> {
  /** The item of a key. */
  item: (key: string) => ItemKey;
  /** The remembered key of this user's tab for the entry's context. */
  context: (user: Identity, tabId: number | string, entry: E) => ItemKey;
}

const TTL_SECONDS = 7 * 86_400;
const ttl = (ports: Ports) => Math.ceil(ports.clock.now() / 1000) + TTL_SECONDS;
export const cacheNotFound = () => new SupersetError('OBJECT_DOES_NOT_EXIST_ERROR', 'Not found', { status: 404 });

export async function readCacheEntry<E extends { owner: number }>(ports: Ports, space: CacheSpace<E>, key: string): Promise<E | null> {
  const out = await ports.tables.doc.send(new GetCommand({ TableName: ports.tables.name('main'), Key: space.item(key) }));
  if (!out.Item || isExpired(out.Item as { ttl?: number }, ports.clock.now())) return null;
  return out.Item.entry as E;
}

async function write<E extends { owner: number }>(ports: Ports, space: CacheSpace<E>, key: string, entry: E, user: Identity, tabId: number | undefined) {
  const table = ports.tables.name('main');
  await ports.tables.doc.send(new PutCommand({ TableName: table, Item: { ...space.item(key), entry, ttl: ttl(ports) } }));
  if (tabId !== undefined) {
    await ports.tables.doc.send(new PutCommand({ TableName: table, Item: { ...space.context(user, tabId, entry), key, ttl: ttl(ports) } }));
  }
}

async function rememberedKey<E extends { owner: number }>(ports: Ports, space: CacheSpace<E>, user: Identity, tabId: number | undefined, entry: E): Promise<string | null> {
  if (tabId === undefined) return null;
  const out = await ports.tables.doc.send(
    new GetCommand({ TableName: ports.tables.name('main'), Key: space.context(user, tabId, entry), ConsistentRead: true }),
  );
  if (!out.Item || isExpired(out.Item as { ttl?: number }, ports.clock.now())) return null;
  return String(out.Item.key);
}

/** POST: the tab's remembered key when the caller owns it, else a new one. */
export async function createCacheEntry<E extends { owner: number }>(ports: Ports, space: CacheSpace<E>, user: Identity, entry: E, tabId?: number): Promise<string> {
  const reused = await rememberedKey(ports, space, user, tabId, entry);
  const current = reused ? await readCacheEntry(ports, space, reused) : null;
  const key = current && current.owner === user.userId ? reused! : ports.ids.short(16);
  await write(ports, space, key, entry, user, tabId);
  return key;
}

/** PUT: the owner's key is updated in place; anyone else's becomes a key of their own. */
export async function updateCacheEntry<E extends { owner: number }>(ports: Ports, space: CacheSpace<E>, user: Identity, key: string, entry: E, tabId?: number): Promise<string> {
  const current = await readCacheEntry(ports, space, key);
  if (!current) throw cacheNotFound();
  const target = current.owner === user.userId ? key : ((await rememberedKey(ports, space, user, tabId, entry)) ?? ports.ids.short(16));
  await write(ports, space, target, entry, user, tabId);
  return target;
}

/** DELETE: only the owner's own key. */
export async function deleteCacheEntry<E extends { owner: number }>(ports: Ports, space: CacheSpace<E>, user: Identity, key: string) {
  const entry = await readCacheEntry(ports, space, key);
  if (!entry) throw cacheNotFound();
  if (entry.owner !== user.userId) throw new SupersetError('GENERIC_BACKEND_ERROR', 'Forbidden', { status: 403 });
  await ports.tables.doc.send(new DeleteCommand({ TableName: ports.tables.name('main'), Key: space.item(key) }));
  return { message: 'Deleted successfully' };
}
