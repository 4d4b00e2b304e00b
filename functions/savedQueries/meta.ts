// The saved query list's helper calls (Superset's _info, related/{column}, distinct/{column}): the
// user's permissions and the choices of the list's filter dropdowns, drawn from what the user may read.
import { badRequest } from '../../shared/errors';
import { can } from '../../shared/security/permissions';
import { canSeeDatabase } from '../databases/access';
import { listDatabases } from '../databases/repository';
import { requirePermission } from '../http/authz';
import type { Identity } from '../http/identity';
import type { Ports } from '../ports/index';
import { relatedLoader } from './present';
import { listSavedQueryRecords } from './repository';
import { VIEW } from './service';

const PERMISSIONS = ['can_read', 'can_write', 'can_export'];
const EDITABLE = ['db_id', 'description', 'label', 'catalog', 'schema', 'sql', 'template_parameters', 'extra_json', 'schedule_info'];
const FILTERS = {
  label: [{ name: 'Contains', operator: 'ct' }, { name: 'All Text', operator: 'all_text' }, { name: 'Equal to', operator: 'eq' }],
  database: [{ name: 'Relation', operator: 'rel_o_m' }],
  schema: [{ name: 'Equal to', operator: 'eq' }, { name: 'Contains', operator: 'ct' }],
  catalog: [{ name: 'Equal to', operator: 'eq' }],
  sql: [{ name: 'Contains', operator: 'ct' }],
  created_by: [{ name: 'Relation', operator: 'rel_o_m' }],
  changed_by: [{ name: 'Relation', operator: 'rel_o_m' }],
  id: [{ name: 'Is favorite', operator: 'saved_query_is_fav' }],
};

const readsAll = (user: Identity) => can(user, 'all_query_access', 'all_query_access');

export function savedQueryInfo(user: Identity, q: { keys?: string[] }) {
  requirePermission(user, 'can_read', VIEW);
  const keys = q.keys?.length ? q.keys : ['permissions', 'filters', 'add_columns', 'edit_columns'];
  const info: Record<string, unknown> = {};
  if (keys.includes('permissions')) info.permissions = PERMISSIONS.filter((p) => can(user, p, VIEW));
  if (keys.includes('filters')) info.filters = FILTERS;
  if (keys.includes('add_columns')) info.add_columns = EDITABLE.map((name) => ({ name }));
  if (keys.includes('edit_columns')) info.edit_columns = EDITABLE.map((name) => ({ name }));
  return info;
}

interface Choice {
  value: number | string;
  text: string;
  extra?: Record<string, unknown>;
}

function page(choices: Choice[], q: { filter?: string; page: number; page_size: number }) {
  const needle = (q.filter ?? '').toLowerCase();
  const kept = choices.filter((c) => c.text.toLowerCase().includes(needle)).sort((a, b) => a.text.localeCompare(b.text));
  return { count: kept.length, result: kept.slice(q.page * q.page_size, (q.page + 1) * q.page_size) };
}

/** related/database, related/created_by, related/changed_by. */
export async function savedQueryRelated(ports: Ports, user: Identity, column: string, q: { filter?: string; page: number; page_size: number }) {
  requirePermission(user, 'can_read', VIEW);
  if (column === 'database') {
    const dbs = (await listDatabases(ports)).filter((db) => canSeeDatabase(user, db));
    return page(dbs.map((db) => ({ value: db.id, text: db.database_name })), q);
  }
  if (column === 'created_by' || column === 'changed_by') {
    const records = await listSavedQueryRecords(ports, readsAll(user) ? null : user.userId);
    const related = relatedLoader(ports);
    const ids = [...new Set(records.map((r) => r[column]))];
    const users = (await Promise.all(ids.map((id) => related.user(id)))).filter((u) => u !== null);
    return page(users.map((u) => ({ value: u.id, text: `${u.first_name} ${u.last_name}`.trim() })), q);
  }
  throw badRequest(`Related field ${column} is not allowed`);
}

/** distinct/schema and distinct/catalog of the saved queries the user may read. */
export async function savedQueryDistinct(ports: Ports, user: Identity, column: string, q: { filter?: string; page: number; page_size: number }) {
  requirePermission(user, 'can_read', VIEW);
  if (column !== 'schema' && column !== 'catalog') throw badRequest(`Distinct field ${column} is not allowed`);
  const records = await listSavedQueryRecords(ports, readsAll(user) ? null : user.userId);
  const values = [...new Set(records.map((r) => r[column]).filter((v): v is string => Boolean(v)))];
  return page(values.map((v) => ({ value: v, text: v })), q);
}
