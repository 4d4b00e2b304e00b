// /api/v1/rowlevelsecurity/ (Superset's RLSRestApi), for admins: create, update, show, delete and bulk
// delete filters. Every write checks that its datasets and roles exist and that its clause is one
// boolean expression on the engine of each of its datasets (functions/rls/clause.ts).
import { conflict, notFound, unprocessable } from '../../shared/errors';
import type { RlsBody, RlsPutBody } from '../../shared/routes/rowLevelSecurity';
import { findDatabase } from '../databases/repository';
import { findDataset, type DatasetRecord } from '../datasets/repository';
import type { EngineKind } from '../engines/types';
import { requireAdmin } from '../http/authz';
import { json } from '../http/respond';
import type { Identity } from '../http/identity';
import { nextId } from '../ports/counters';
import type { Ports } from '../ports/index';
import { checkRlsClause } from './clause';
import { roleNamer } from './roleNames';
import { changeRlsFilters, findRlsFilter, type RlsRecord } from './repository';

const iso = (ms: number) => new Date(ms).toISOString().replace('Z', '');

async function datasetsOf(ports: Ports, ids: number[]): Promise<DatasetRecord[]> {
  const found = await Promise.all([...new Set(ids)].map((id) => findDataset(ports, id)));
  if (found.some((d) => !d)) throw unprocessable('Datasource does not exist');
  return found as DatasetRecord[];
}

/** Built-in and custom roles alike (the role store); an id no role has is a 422. */
async function checkRoles(ports: Ports, ids: number[]) {
  if (ids.length === 0) return;
  const nameOf = await roleNamer(ports);
  if (ids.some((id) => nameOf(id) === null)) throw unprocessable('Some roles do not exist');
}

/** The clause as stored: checked on the engine of every dataset it filters (DuckDB when it filters none yet). */
async function checkedClause(ports: Ports, clause: string, datasets: DatasetRecord[]): Promise<string> {
  const engines = new Set<EngineKind>();
  for (const d of datasets) {
    const db = await findDatabase(ports, d.database_id);
    if (db) engines.add(db.backend);
  }
  if (engines.size === 0) engines.add('duckdb');
  let text = clause.trim();
  for (const engine of engines) text = await checkRlsClause(engine, clause);
  return text;
}

/** Checked inside the change that saves the name, so two admins cannot both take it. */
function assertUniqueName(filters: readonly RlsRecord[], name: string, selfId: number | null) {
  const taken = filters.some((f) => f.name === name && f.id !== selfId);
  if (taken) throw unprocessable('Name must be unique', { name: ['Name must be unique'] });
}

/** The show shape (show_columns): related tables and roles with their names. */
export async function presentRls(ports: Ports, r: RlsRecord) {
  const tables = await Promise.all(r.tables.map((id) => findDataset(ports, id)));
  const nameOf = await roleNamer(ports);
  return {
    name: r.name,
    description: r.description,
    filter_type: r.filter_type,
    tables: tables.filter((t): t is DatasetRecord => Boolean(t)).map((t) => ({ id: t.id, schema: t.schema, table_name: t.table_name })),
    roles: r.roles.map((id) => ({ id, name: nameOf(id) ?? String(id) })),
    group_key: r.group_key,
    clause: r.clause,
  };
}

async function getRecord(ports: Ports, id: number): Promise<RlsRecord> {
  const r = await findRlsFilter(ports, id);
  if (!r) throw notFound();
  return r;
}

/** The body as Superset echoes it (`result` of post and put). */
const echo = (body: RlsPutBody) => Object.fromEntries(Object.entries(body).filter(([, v]) => v !== undefined));

export async function createRls(ports: Ports, user: Identity, body: RlsBody) {
  requireAdmin(user);
  const datasets = await datasetsOf(ports, body.tables);
  await checkRoles(ports, body.roles ?? []);
  const clause = await checkedClause(ports, body.clause, datasets);
  const now = iso(ports.clock.now());
  const record: RlsRecord = {
    id: await nextId(ports.tables, 'rls'),
    name: body.name,
    description: body.description ?? null,
    filter_type: body.filter_type,
    tables: [...new Set(body.tables)],
    roles: [...new Set(body.roles ?? [])],
    group_key: body.group_key?.trim() ? body.group_key : null,
    clause,
    created_on: now,
    changed_on: now,
    created_by: user.userId,
    changed_by: user.userId,
  };
  await changeRlsFilters(ports, (filters) => {
    assertUniqueName(filters, record.name, null);
    return [...filters, record];
  });
  return json(201, { id: record.id, result: echo({ ...body, clause }) });
}

export async function updateRls(ports: Ports, user: Identity, id: number, body: RlsPutBody) {
  requireAdmin(user);
  const before = await getRecord(ports, id);
  const tables = body.tables ?? before.tables;
  const datasets = await datasetsOf(ports, tables);
  if (body.roles) await checkRoles(ports, body.roles);
  const clause = await checkedClause(ports, body.clause ?? before.clause, datasets);
  const after: RlsRecord = {
    ...before,
    name: body.name ?? before.name,
    description: body.description !== undefined ? body.description : before.description,
    filter_type: body.filter_type ?? before.filter_type,
    tables: [...new Set(tables)],
    roles: body.roles ? [...new Set(body.roles)] : before.roles,
    group_key: body.group_key !== undefined ? (body.group_key?.trim() ? body.group_key : null) : before.group_key,
    clause,
    changed_on: iso(ports.clock.now()),
    changed_by: user.userId,
  };
  await changeRlsFilters(ports, (filters) => {
    const current = filters.find((f) => f.id === id);
    if (!current) throw notFound();
    // `after` was built on `before`: a save in between would be lost without a word.
    if (current.changed_on !== before.changed_on) throw conflict('This filter was changed by someone else since it was read. Reload it and try again.');
    assertUniqueName(filters, after.name, id);
    return filters.map((f) => (f.id === id ? after : f));
  });
  return { id, result: echo({ ...body, ...(body.clause !== undefined ? { clause } : {}) }) };
}

export async function getRls(ports: Ports, user: Identity, id: number) {
  requireAdmin(user);
  const r = await getRecord(ports, id);
  return { id: r.id, result: { id: r.id, ...(await presentRls(ports, r)) } };
}

export async function deleteRls(ports: Ports, user: Identity, id: number) {
  requireAdmin(user);
  await changeRlsFilters(ports, (filters) => {
    if (!filters.some((f) => f.id === id)) throw notFound();
    return filters.filter((f) => f.id !== id);
  });
  return { message: 'OK' };
}

export async function bulkDeleteRls(ports: Ports, user: Identity, ids: number[]) {
  requireAdmin(user);
  const gone = new Set(ids);
  await changeRlsFilters(ports, (filters) => {
    if (ids.some((id) => !filters.some((f) => f.id === id))) throw notFound();
    return filters.filter((f) => !gone.has(f.id));
  });
  return { message: `Deleted ${ids.length} rules` };
}
