// The users repository (local identity): one item per user in the main table, found by id
// (pk USER#<id>) or by lower-cased username through gsi1, as Superset's usernames are case-insensitive
// for login.
import { DeleteCommand, GetCommand, PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { Ports } from '../ports/index';
import { nextId } from '../ports/counters';
import { batchGetById, laterThanIso, putIfUnchanged } from '../ports/tables';
import { hashPassword } from './auth/passwords';
import { KEYS } from '../../shared/resources/keys';

export interface UserRecord {
  id: number;
  username: string;
  first_name: string;
  last_name: string;
  email: string;
  active: boolean;
  roles: string[];
  password_hash: string;
  created_on: string;
  changed_on: string;
}

/** What the API may show of a user: never the password hash. */
export type PublicUser = Omit<UserRecord, 'password_hash'>;

export const userKey = KEYS.user;
const usernameKey = KEYS.username;

export async function getUserById(ports: Ports, id: number): Promise<UserRecord | null> {
  const out = await ports.tables.doc.send(
    new GetCommand({ TableName: ports.tables.name('main'), Key: userKey(id), ConsistentRead: true }),
  );
  return (out.Item?.user as UserRecord | undefined) ?? null;
}

/** Several users by id in batch reads, by id (those that exist). */
export async function getUsersByIds(ports: Ports, ids: number[]): Promise<Map<number, UserRecord>> {
  const users = await batchGetById(ports.tables, ids, userKey, (item) => item.user as UserRecord | undefined);
  return new Map(users.map((u) => [u.id, u]));
}

export async function findUserByUsername(ports: Ports, username: string): Promise<UserRecord | null> {
  const out = await ports.tables.doc.send(
    new QueryCommand({
      TableName: ports.tables.name('main'),
      IndexName: 'gsi1',
      KeyConditionExpression: 'gsi1pk = :u',
      ExpressionAttributeValues: { ':u': usernameKey(username) },
      Limit: 1,
    }),
  );
  return (out.Items?.[0]?.user as UserRecord | undefined) ?? null;
}

export interface NewUser {
  username: string;
  password: string;
  roles: string[];
  first_name?: string;
  last_name?: string;
  email?: string;
}

/**
 * Creates a user with the next integer id; returns the existing one when the username is taken.
 * A conditional put on a username claim item keeps usernames unique even when two bootstraps race
 * (GSI reads are eventually consistent and cannot guard that).
 */
export async function createUser(ports: Ports, input: NewUser): Promise<UserRecord> {
  const existing = await findUserByUsername(ports, input.username);
  if (existing) return existing;
  const id = await nextId(ports.tables, 'user');
  const claimKey = { pk: usernameKey(input.username), sk: 'USERNAME' };
  try {
    await ports.tables.doc.send(
      new PutCommand({
        TableName: ports.tables.name('main'),
        Item: { ...claimKey, userId: id },
        ConditionExpression: 'attribute_not_exists(pk)',
      }),
    );
  } catch (error) {
    if ((error as { name?: string }).name !== 'ConditionalCheckFailedException') throw error;
    const claim = await ports.tables.doc.send(
      new GetCommand({ TableName: ports.tables.name('main'), Key: claimKey, ConsistentRead: true }),
    );
    const winner = claim.Item && (await getUserById(ports, Number(claim.Item.userId)));
    if (!winner) throw new Error(`User ${input.username} is being created concurrently`);
    return winner;
  }
  const now = new Date(ports.clock.now()).toISOString();
  const user: UserRecord = {
    id,
    username: input.username,
    first_name: input.first_name ?? input.username,
    last_name: input.last_name ?? 'user',
    email: input.email ?? `${input.username.toLowerCase()}@example.com`,
    active: true,
    roles: [...input.roles],
    password_hash: await hashPassword(input.password),
    created_on: now,
    changed_on: now,
  };
  await ports.tables.doc.send(
    new PutCommand({
      TableName: ports.tables.name('main'),
      Item: { ...userKey(id), gsi1pk: usernameKey(user.username), gsi1sk: 'USER', user },
      ConditionExpression: 'attribute_not_exists(pk)',
    }),
  );
  return user;
}

export const publicUser = ({ password_hash: _hidden, ...rest }: UserRecord): PublicUser => rest;

/** Every user (ids are dense from the 'user' counter), for pickers such as related/owners. */
export async function listUsers(ports: Ports): Promise<UserRecord[]> {
  const counter = await ports.tables.doc.send(
    new GetCommand({ TableName: ports.tables.name('main'), Key: KEYS.counter('user'), ConsistentRead: true }),
  );
  const last = Number(counter.Item?.value ?? 0);
  const users = await Promise.all(Array.from({ length: last }, (_, i) => getUserById(ports, i + 1)));
  return users.filter((u): u is UserRecord => u !== null);
}

/**
 * Saves a changed user, only if the stored user is still `before` (its changed_on, which every save
 * moves strictly later): else ChangedSinceRead (409) and nothing changes. A new username takes its
 * claim first (a taken one answers false and changes nothing), then the record moves to the new
 * login key and the old claim goes.
 */
export async function saveUser(ports: Ports, before: UserRecord, after: UserRecord): Promise<boolean> {
  const table = ports.tables.name('main');
  const renamed = before.username.toLowerCase() !== after.username.toLowerCase();
  const claim = (username: string) => ({ pk: usernameKey(username), sk: 'USERNAME' });
  if (renamed) {
    try {
      await ports.tables.doc.send(new PutCommand({ TableName: table, Item: { ...claim(after.username), userId: after.id }, ConditionExpression: 'attribute_not_exists(pk)' }));
    } catch (error) {
      if ((error as { name?: string }).name === 'ConditionalCheckFailedException') return false;
      throw error;
    }
  }
  const user = { ...after, changed_on: laterThanIso(Date.parse(after.changed_on), before.changed_on) };
  try {
    await putIfUnchanged(ports.tables, { ...userKey(after.id), gsi1pk: usernameKey(after.username), gsi1sk: 'USER', user }, { 'user.changed_on': before.changed_on }, 'user');
  } catch (error) {
    if (renamed) await ports.tables.doc.send(new DeleteCommand({ TableName: table, Key: claim(after.username) }));
    throw error;
  }
  if (renamed) await ports.tables.doc.send(new DeleteCommand({ TableName: table, Key: claim(before.username) }));
  return true;
}

export async function deleteUser(ports: Ports, user: UserRecord) {
  const table = ports.tables.name('main');
  await ports.tables.doc.send(new DeleteCommand({ TableName: table, Key: userKey(user.id) }));
  await ports.tables.doc.send(new DeleteCommand({ TableName: table, Key: { pk: usernameKey(user.username), sk: 'USERNAME' } }));
}
