// Roles in the main table: built-in ones (Admin, Alpha, Gamma, sql_lab, Public) seeded from code and
// custom ones an admin creates, each with permission/view pairs (data grants included:
// datasource_access on [db].[table](id:N), schema_access on [db].[schema], database_access on
// [db].(id:N)). All roles are read with one query and kept for a short time per container, so the
// permission check of a request costs no table read in the hot path; writes here drop the copy.
import { DeleteCommand, GetCommand, PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { KEYS } from '../../shared/resources/keys';
import { BUILTIN_ROLE_NAMES, ROLES, ROLE_IDS, WITHDRAWN_PAIRS, roleNameOf, type PermissionView } from '../../shared/security/roles';
import { pairKey } from '../../shared/security/permissions';
import { nextId } from '../ports/counters';
import type { Ports } from '../ports/index';
import { itemRevisions, putIfUnchanged } from '../ports/tables';

export interface RoleRecord {
  id: number;
  name: string;
  /** Pairs granted in the table (for built-in roles: on top of the code's). */
  permissions: PermissionView[];
}

export interface Role extends RoleRecord {
  builtin: boolean;
  /** Every pair the role holds: code's (built-in roles) and the table's. */
  effective: PermissionView[];
}

/** Custom role ids start after the ids Superset's default install gives its built-in roles. */
const FIRST_CUSTOM_ID = 100;
const TTL_MS = Number(process.env.ROLE_CACHE_TTL_MS ?? 10_000);

let cached: { at: number; table: string; roles: Role[] } | null = null;
let loading: Promise<Role[]> | null = null;

/** Forget the cached roles (after a write, and for tests that change roles behind the store). */
export const dropRoleCache = () => {
  cached = null;
  loading = null;
};

/**
 * The rev of the item each role was read from (null: a built-in role no write has stored yet). Every
 * write of a role counts one more; a change made from a read lands only if the item is still at that
 * rev, so a rename and a permission change landing together never undo each other without a word.
 */
const revs = itemRevisions<RoleRecord>();

/** A built-in role's stored pairs without those code withdrew from it. */
function withoutWithdrawn(name: string, pairs: PermissionView[]): PermissionView[] {
  const withdrawn = new Set((WITHDRAWN_PAIRS[name] ?? []).map(([p, v]) => pairKey(p, v)));
  return withdrawn.size === 0 ? pairs : pairs.filter(([p, v]) => !withdrawn.has(pairKey(p, v)));
}

function withEffective(stored: RoleRecord): Role {
  const builtin = stored.name in ROLES;
  const record = builtin ? { ...stored, permissions: withoutWithdrawn(stored.name, stored.permissions) } : stored;
  const seen = new Set<string>();
  const effective: PermissionView[] = [];
  for (const pair of [...(builtin ? ROLES[record.name] : []), ...record.permissions]) {
    const key = pairKey(pair[0], pair[1]);
    if (!seen.has(key)) seen.add(key), effective.push([pair[0], pair[1]]);
  }
  const role = { ...record, builtin, effective };
  revs.copy(stored, role);
  return role;
}

const fromItem = (item: Record<string, unknown>): RoleRecord => revs.remember(item.role as RoleRecord, item);

const unstored = (name: string): RoleRecord => revs.remember({ id: ROLE_IDS[name], name, permissions: [] }, undefined);

async function readRoles(ports: Ports): Promise<Role[]> {
  const records: RoleRecord[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const out = await ports.tables.doc.send(
      new QueryCommand({
        TableName: ports.tables.name('main'),
        KeyConditionExpression: 'pk = :pk',
        ExpressionAttributeValues: { ':pk': KEYS.rolesPk },
        ExclusiveStartKey: start,
      }),
    );
    for (const item of out.Items ?? []) records.push(fromItem(item));
    start = out.LastEvaluatedKey;
  } while (start);
  // Built-in roles exist even before the first write names them.
  for (const name of BUILTIN_ROLE_NAMES) {
    if (!records.some((r) => r.name === name)) records.push(unstored(name));
  }
  return records.sort((a, b) => a.id - b.id).map(withEffective);
}

/** Every role (cached for a few seconds per container). */
export async function listRoles(ports: Ports): Promise<Role[]> {
  const table = ports.tables.name('main');
  if (cached && cached.table === table && Date.now() - cached.at < TTL_MS) return cached.roles;
  loading ??= readRoles(ports).finally(() => (loading = null));
  const roles = await loading;
  cached = { at: Date.now(), table, roles };
  return roles;
}

export const findRole = async (ports: Ports, id: number) => (await listRoles(ports)).find((r) => r.id === id) ?? null;

/** The role as stored now (no cached copy): what a change is made from. */
export async function readRole(ports: Ports, id: number): Promise<Role | null> {
  if (!Number.isSafeInteger(id) || id <= 0) return null;
  const out = await ports.tables.doc.send(new GetCommand({ TableName: ports.tables.name('main'), Key: KEYS.role(id), ConsistentRead: true }));
  if (out.Item?.role) return withEffective(fromItem(out.Item));
  const builtin = roleNameOf(id);
  return builtin ? withEffective(unstored(builtin)) : null;
}
export const findRoleByName = async (ports: Ports, name: string) => (await listRoles(ports)).find((r) => r.name === name) ?? null;

/** Writes a new role, or (with `basedOn`, a role read here) a change of it, only if it is still as read (409 else). */
async function putRole(ports: Ports, record: RoleRecord, basedOn?: Role) {
  const { rev, read } = revs.forWrite(basedOn, 'putRole');
  try {
    await putIfUnchanged(ports.tables, { ...KEYS.role(record.id), role: record, rev }, read, 'role');
  } finally {
    dropRoleCache();
  }
}

/** Claims a role name (unique, case-insensitively) for a role id; false when another role holds it. */
async function claimName(ports: Ports, name: string, roleId: number): Promise<boolean> {
  try {
    await ports.tables.doc.send(
      new PutCommand({ TableName: ports.tables.name('main'), Item: { ...KEYS.roleName(name), roleId }, ConditionExpression: 'attribute_not_exists(pk)' }),
    );
    return true;
  } catch (error) {
    if ((error as { name?: string }).name === 'ConditionalCheckFailedException') return false;
    throw error;
  }
}

const nameTaken = async (ports: Ports, name: string, except?: number) =>
  (await listRoles(ports)).some((r) => r.id !== except && r.name.toLowerCase() === name.toLowerCase());

/** A new custom role; null when the name is taken. */
export async function createRole(ports: Ports, name: string): Promise<Role | null> {
  if (await nameTaken(ports, name)) return null;
  const id = FIRST_CUSTOM_ID + (await nextId(ports.tables, 'role'));
  if (!(await claimName(ports, name, id))) return null;
  const record: RoleRecord = { id, name, permissions: [] };
  await putRole(ports, record);
  return withEffective(record);
}

/** Renames a custom role (built-in roles keep their names); null when the new name is taken. */
export async function renameRole(ports: Ports, role: Role, name: string): Promise<Role | null> {
  if (name === role.name) return role;
  if (await nameTaken(ports, name, role.id)) return null;
  if (name.toLowerCase() !== role.name.toLowerCase() && !(await claimName(ports, name, role.id))) return null;
  const record: RoleRecord = { id: role.id, name, permissions: role.permissions };
  try {
    await putRole(ports, record, role);
  } catch (error) {
    if (name.toLowerCase() !== role.name.toLowerCase()) await ports.tables.doc.send(new DeleteCommand({ TableName: ports.tables.name('main'), Key: KEYS.roleName(name) }));
    throw error;
  }
  if (name.toLowerCase() !== role.name.toLowerCase()) {
    await ports.tables.doc.send(new DeleteCommand({ TableName: ports.tables.name('main'), Key: KEYS.roleName(role.name) }));
  }
  return withEffective(record);
}

/** Replaces the pairs a role holds in the table (for built-in roles the code's pairs stay). */
export async function setRolePermissions(ports: Ports, role: Role, pairs: PermissionView[]): Promise<Role> {
  const builtinPairs = new Set((ROLES[role.name] ?? []).map(([p, v]) => pairKey(p, v)));
  const permissions = withoutWithdrawn(role.name, pairs.filter(([p, v]) => !builtinPairs.has(pairKey(p, v))));
  const record: RoleRecord = { id: role.id, name: role.name, permissions };
  await putRole(ports, record, role);
  return withEffective(record);
}

export async function deleteRole(ports: Ports, role: Role) {
  const table = ports.tables.name('main');
  await ports.tables.doc.send(new DeleteCommand({ TableName: table, Key: KEYS.role(role.id) }));
  await ports.tables.doc.send(new DeleteCommand({ TableName: table, Key: KEYS.roleName(role.name) }));
  dropRoleCache();
}
