// Database connections as Superset models them, stored in the main table: the entity item
// (pk DATABASE#<id>) listed through gsi1 (gsi1pk DATABASES), and a name claim item that keeps
// database_name unique even when two creates race. The URI is stored with its password masked and the
// password sealed beside it (passwords.ts); reads keep it sealed until a connection is opened.
import { DeleteCommand, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { SupersetError } from '../../shared/errors';
import type { DatabaseConfig } from '../engines/types';
import type { Ports } from '../ports/index';
import { batchGetById, isConditionFailure, putIfUnchanged, queryAllItems } from '../ports/tables';
import { nextId } from '../ports/counters';
import { KEYS, padId } from '../../shared/resources/keys';
import { sealPassword } from './sealPassword';

export interface DatabaseRecord extends DatabaseConfig {
  uuid: string;
  /** Parsed extra JSON; the API shows it as JSON text, as Superset does. */
  extra: Record<string, unknown>;
  expose_in_sqllab: boolean;
  allow_run_async: boolean;
  allow_dml: boolean;
  allow_ctas: boolean;
  allow_cvas: boolean;
  allow_file_upload: boolean;
  force_ctas_schema: string | null;
  /** Superset keeps this flag in extra; surfaced here because SQL Lab checks it before previews. */
  disable_data_preview: boolean;
  cache_timeout: number | null;
  impersonate_user: boolean;
  configuration_method: 'sqlalchemy_form' | 'dynamic_form';
  created_on: string;
  changed_on: string;
  created_by: number | null;
  changed_by: number | null;
}

/** The fields a create or update sets; the rest are derived or kept. */
export type DatabaseInput = Omit<
  DatabaseRecord,
  'id' | 'uuid' | 'backend' | 'disable_data_preview' | 'created_on' | 'changed_on' | 'created_by' | 'changed_by'
>;

export const DATABASE_DEFAULTS = {
  extra: {},
  expose_in_sqllab: true,
  allow_run_async: false,
  allow_dml: false,
  allow_ctas: false,
  allow_cvas: false,
  allow_file_upload: false,
  force_ctas_schema: null,
  cache_timeout: null,
  impersonate_user: false,
  configuration_method: 'sqlalchemy_form',
} satisfies Partial<DatabaseInput>;

const databaseKey = KEYS.database;
const nameKey = KEYS.databaseName;
const LIST_KEY = KEYS.databasesList;

export const databaseNotFound = () => new SupersetError('DATABASE_NOT_FOUND_ERROR', 'Database not found', { status: 404 });


/** Records written by older code may lack newer fields: defaults fill them, extra decides derived ones. */
export function databaseFromItem(item: Record<string, unknown>): DatabaseRecord {
  const db = { ...DATABASE_DEFAULTS, ...(item.database as DatabaseRecord) };
  return { ...db, disable_data_preview: db.extra?.disable_data_preview === true };
}

export async function findDatabase(ports: Ports, id: number): Promise<DatabaseRecord | null> {
  if (!Number.isInteger(id) || id <= 0) return null;
  const out = await ports.tables.doc.send(
    new GetCommand({ TableName: ports.tables.name('main'), Key: databaseKey(id), ConsistentRead: true }),
  );
  return out.Item ? databaseFromItem(out.Item) : null;
}

/** Several databases by id in batch reads, by id (those that exist). */
export async function findDatabases(ports: Ports, ids: number[]): Promise<Map<number, DatabaseRecord>> {
  const dbs = await batchGetById(ports.tables, ids, databaseKey, (item) => (item.database ? databaseFromItem(item) : undefined));
  return new Map(dbs.map((db) => [db.id, db]));
}

// A short-lived copy of recently read records for the hot path (SQL Lab's execute reads its database on
// every run). Writes through this module drop the copy at once; another container's edit shows up here
// within RECENT_MS, which is also how long a Lambda container may keep serving the old settings.
// Keyed per tables port: tests run several table servers in one process.
const RECENT_MS = 3_000;
interface Recent {
  entries: Map<number, { db: DatabaseRecord; at: number }>;
  /** Bumped by every write: a read that overlapped one is not kept. */
  writes: number;
}
const recent = new WeakMap<Ports['tables'], Recent>();

function recentOf(ports: Ports): Recent {
  let r = recent.get(ports.tables);
  if (!r) recent.set(ports.tables, (r = { entries: new Map(), writes: 0 }));
  return r;
}

function forgetRecent(ports: Ports, id: number) {
  const r = recentOf(ports);
  r.writes += 1;
  r.entries.delete(id);
}

/** getDatabase through the short-lived copy: for hot paths that only read the record. */
export async function getDatabaseRecent(ports: Ports, id: number): Promise<DatabaseRecord> {
  const r = recentOf(ports);
  const hit = r.entries.get(id);
  const started = performance.now();
  if (hit && started - hit.at < RECENT_MS) return hit.db;
  const writes = r.writes;
  const db = await getDatabase(ports, id);
  if (r.writes === writes) r.entries.set(id, { db, at: started });
  return db;
}

/** The database, or DATABASE_NOT_FOUND_ERROR (404 "Database not found"). */
export async function getDatabase(ports: Ports, id: number): Promise<DatabaseRecord> {
  const db = await findDatabase(ports, id);
  if (!db) throw databaseNotFound();
  return db;
}

/** Every database, by id. Deployments hold tens of connections, so filtering happens in memory. */
export async function listDatabases(ports: Ports): Promise<DatabaseRecord[]> {
  const items = await queryAllItems(ports.tables, {
    IndexName: 'gsi1',
    KeyConditionExpression: 'gsi1pk = :k',
    ExpressionAttributeValues: { ':k': LIST_KEY },
  });
  return items.map(databaseFromItem).sort((a, b) => a.id - b.id);
}

export async function findDatabaseByName(ports: Ports, name: string): Promise<DatabaseRecord | null> {
  const claim = await ports.tables.doc.send(
    new GetCommand({ TableName: ports.tables.name('main'), Key: nameKey(name), ConsistentRead: true }),
  );
  return claim.Item ? findDatabase(ports, Number(claim.Item.databaseId)) : null;
}

const duplicateName = () =>
  new SupersetError('GENERIC_COMMAND_ERROR', 'A database with the same name already exists.', {
    status: 422,
    extra: { messages: { database_name: ['A database with the same name already exists.'] } },
  });

async function claimName(ports: Ports, name: string, databaseId: number) {
  try {
    await ports.tables.doc.send(
      new PutCommand({
        TableName: ports.tables.name('main'),
        Item: { ...nameKey(name), databaseId },
        ConditionExpression: 'attribute_not_exists(pk)',
      }),
    );
  } catch (error) {
    if (isConditionFailure(error)) throw duplicateName();
    throw error;
  }
}

const releaseName = (ports: Ports, name: string) =>
  ports.tables.doc.send(new DeleteCommand({ TableName: ports.tables.name('main'), Key: nameKey(name) }));

/**
 * Puts a record whose password is already sealed (sealPassword). With `basedOn` (the record it was
 * changed from) only if the stored one is still that one (its changed_on), else 409.
 */
async function write(ports: Ports, db: DatabaseRecord, basedOn?: DatabaseRecord) {
  forgetRecent(ports, db.id);
  const item = { ...databaseKey(db.id), gsi1pk: LIST_KEY, gsi1sk: padId(db.id), database: db };
  await putIfUnchanged(ports.tables, item, basedOn && { 'database.changed_on': basedOn.changed_on }, 'database');
  // Again after: a read that raced the write may have kept the old record.
  forgetRecent(ports, db.id);
}

/** The record to store: merged over `base`, its password sealed (before any name is claimed). */
function build(input: DatabaseInput, backend: DatabaseRecord['backend'], base: Partial<DatabaseRecord>): Promise<DatabaseRecord> {
  const merged = { ...DATABASE_DEFAULTS, ...base, ...input, backend } as DatabaseRecord;
  return sealPassword({ ...merged, disable_data_preview: merged.extra?.disable_data_preview === true });
}

/** Creates a database; 422 when the name is taken. Returns it as stored (password sealed). */
export async function insertDatabase(
  ports: Ports,
  input: DatabaseInput,
  backend: DatabaseRecord['backend'],
  userId: number | null,
): Promise<DatabaseRecord> {
  const id = await nextId(ports.tables, 'database');
  const now = new Date(ports.clock.now()).toISOString();
  const db = await build(input, backend, {
    id,
    uuid: ports.ids.uuid(),
    created_on: now,
    changed_on: now,
    created_by: userId,
    changed_by: userId,
  });
  await claimName(ports, input.database_name, id);
  await write(ports, db);
  return db;
}

/**
 * Replaces a database's settings; moves the name claim when the name changes. Lands only if the
 * stored database is still `current` (409 "changed by someone else" otherwise).
 */
export async function replaceDatabase(
  ports: Ports,
  current: DatabaseRecord,
  input: DatabaseInput,
  backend: DatabaseRecord['backend'],
  userId: number | null,
): Promise<DatabaseRecord> {
  // changed_on must move forward even within one millisecond: engine caches key on it.
  const nowMs = Math.max(ports.clock.now(), Date.parse(current.changed_on) + 1);
  const db = await build(input, backend, {
    ...current,
    changed_on: new Date(nowMs).toISOString(),
    changed_by: userId,
  });
  const renamed = input.database_name !== current.database_name;
  if (renamed) await claimName(ports, input.database_name, current.id);
  try {
    await write(ports, db, current);
  } catch (error) {
    if (renamed) await releaseName(ports, input.database_name);
    throw error;
  }
  if (renamed) await releaseName(ports, current.database_name);
  return db;
}

export async function removeDatabase(ports: Ports, db: DatabaseRecord): Promise<void> {
  forgetRecent(ports, db.id);
  await ports.tables.doc.send(new DeleteCommand({ TableName: ports.tables.name('main'), Key: databaseKey(db.id) }));
  forgetRecent(ports, db.id);
  await releaseName(ports, db.database_name);
}
