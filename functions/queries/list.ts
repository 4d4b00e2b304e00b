// GET /api/v1/query/?q=(filters,order_column,order_direction,page,page_size): the query history list
// with Superset's list_columns, order_columns and rison filters (database, user, status, sql, tab_name,
// start_time, changed_on). A user's own queries come from their index; all_query_access reads all.
import { badRequest } from '../../shared/errors';
import type { ListQuery } from '../../shared/schemas/common';
import { requirePermission } from '../http/authz';
import type { Identity } from '../http/identity';
import type { Ports } from '../ports/index';
import { getUserById } from '../platform/users';
import { extractSqlTables } from '../savedQueries/sqlTables';
import { isoNaive, type QueryRecord } from './record';
import { listQueriesForUser, scanAllQueries } from './repository';
import { settleOrphans } from './orphans';
import { seesAllQueries } from './show';

export const LIST_COLUMNS = [
  'id', 'changed_on', 'database.database_name', 'executed_sql', 'rows', 'schema', 'sql', 'sql_tables', 'status',
  'tab_name', 'user.first_name', 'user.id', 'user.last_name', 'start_time', 'end_time', 'tmp_table_name', 'tracking_url',
] as const;

const ORDER: Record<string, (q: QueryRecord) => string | number> = {
  changed_on: (q) => q.changed_on,
  'database.database_name': (q) => q.database_name ?? '',
  rows: (q) => q.rows ?? -1,
  schema: (q) => q.schema ?? '',
  start_time: (q) => q.start_time,
  sql: (q) => q.sql,
  tab_name: (q) => q.tab_name ?? '',
  'user.first_name': (q) => q.username,
};
export const ORDER_COLUMNS = Object.keys(ORDER);

const toMs = (value: unknown) => (typeof value === 'number' ? value : Date.parse(String(value).endsWith('Z') ? String(value) : `${value}Z`));
const text = (value: unknown) => String(value ?? '').toLowerCase();
const idOf = (value: unknown) => Number(typeof value === 'object' && value !== null ? (value as { value?: unknown }).value : value);

type Predicate = (q: QueryRecord) => boolean;

function stringFilter(get: (q: QueryRecord) => string | null, opr: string, value: unknown): Predicate | null {
  const v = text(value);
  const ops: Record<string, Predicate> = {
    ct: (q) => text(get(q)).includes(v),
    nct: (q) => !text(get(q)).includes(v),
    sw: (q) => text(get(q)).startsWith(v),
    ew: (q) => text(get(q)).endsWith(v),
    eq: (q) => get(q) === value,
    neq: (q) => get(q) !== value,
  };
  return ops[opr] ?? null;
}

function timeFilter(get: (q: QueryRecord) => number, opr: string, value: unknown): Predicate | null {
  // Superset's query history sends a range as (opr:between,value:!(from,to)).
  if (opr === 'between') {
    if (!Array.isArray(value) || value.length !== 2) return null;
    const [from, to] = value.map(toMs);
    if (Number.isNaN(from) || Number.isNaN(to)) return null;
    return (q) => get(q) >= from && get(q) <= to;
  }
  const ms = toMs(value);
  if (Number.isNaN(ms)) return null;
  const ops: Record<string, Predicate> = { gt: (q) => get(q) > ms, lt: (q) => get(q) < ms, eq: (q) => get(q) === ms };
  return ops[opr] ?? null;
}

function toPredicate(filter: { col: string; opr: string; value: unknown }): Predicate {
  const { col, opr, value } = filter;
  let predicate: Predicate | null = null;
  if (col === 'database' || col === 'database_id' || col === 'user' || col === 'user_id') {
    const get = (q: QueryRecord) => (col.startsWith('database') ? q.database_id : q.user_id);
    if (opr === 'rel_o_m' || opr === 'eq') predicate = (q) => get(q) === idOf(value);
    else if (opr === 'neq' || opr === 'nrel_o_m') predicate = (q) => get(q) !== idOf(value);
  } else if (col === 'status') {
    if (opr === 'in' && Array.isArray(value)) predicate = (q) => value.includes(q.status);
    else predicate = stringFilter((q) => q.status, opr, value);
  } else if (col === 'sql' || col === 'tab_name' || col === 'schema') {
    predicate = stringFilter((q) => (col === 'sql' ? q.sql : col === 'tab_name' ? q.tab_name : q.schema), opr, value);
  } else if (col === 'start_time' || col === 'changed_on' || col === 'end_time') {
    predicate = timeFilter((q) => (col === 'start_time' ? q.start_time : col === 'end_time' ? (q.end_time ?? 0) : q.changed_on), opr, value);
  }
  if (!predicate) throw badRequest(`Filter column: ${col} operator: ${opr} not allowed to filter`);
  return predicate;
}

export async function listQueries(ports: Ports, user: Identity, q: ListQuery) {
  requirePermission(user, 'can_read', 'Query', 'QUERY_SECURITY_ACCESS_ERROR');
  const predicates = q.filters.map(toPredicate);
  const orderColumn = q.order_column ?? 'changed_on';
  const key = ORDER[orderColumn];
  if (!key) throw badRequest(`Invalid order by column: ${orderColumn}`);
  const all = await settleOrphans(ports, seesAllQueries(user) ? await scanAllQueries(ports) : await listQueriesForUser(ports, user.userId));
  const matching = all.filter((row) => predicates.every((p) => p(row)));
  const direction = (q.order_direction ?? 'desc') === 'asc' ? 1 : -1;
  matching.sort((a, b) => {
    const x = key(a);
    const y = key(b);
    return (x < y ? -1 : x > y ? 1 : a.id - b.id) * direction;
  });
  const page = q.page_size === -1 ? matching : matching.slice(q.page * q.page_size, (q.page + 1) * q.page_size);
  const users = new Map<number, { first_name: string; last_name: string }>();
  for (const id of new Set(page.map((row) => row.user_id))) {
    const record = await getUserById(ports, id);
    users.set(id, { first_name: record?.first_name ?? '', last_name: record?.last_name ?? '' });
  }
  const result = await Promise.all(
    page.map(async (row) => ({
      id: row.id,
      changed_on: isoNaive(row.changed_on),
      database: { database_name: row.database_name },
      executed_sql: row.executed_sql,
      rows: row.rows,
      schema: row.schema,
      sql: row.sql,
      sql_tables: await extractSqlTables(row.sql).catch(() => []),
      status: row.status,
      tab_name: row.tab_name,
      user: { id: row.user_id, ...users.get(row.user_id) },
      start_time: row.start_time,
      end_time: row.end_time,
      tmp_table_name: row.tmp_table_name,
      tracking_url: row.tracking_url,
    })),
  );
  return {
    count: matching.length,
    ids: page.map((row) => row.id),
    result,
    list_columns: LIST_COLUMNS,
    order_columns: ORDER_COLUMNS,
  };
}
