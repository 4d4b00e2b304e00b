// GET /api/v1/query/ on the list engine: the query history with Superset's QueryRestApi list columns,
// order columns and search columns (SQL text, database, state, user, time range). A user's own queries
// come from their changed_on index; users who see all queries scan, unless a user filter names one
// user, whose index is read instead.
import type { QueryState } from '../../shared/constants';
import { relatedId, relOneMany, textOps, timeOps } from '../lists/operators';
import { relatedLoader, type RelatedLoader } from '../lists/related';
import type { ListResource } from '../lists/types';
import { extractSqlTables } from '../savedQueries/sqlTables';
import { settleOrphans } from './orphans';
import { isoNaive, type QueryRecord } from './record';
import { listQueriesForUser, scanAllQueries } from './repository';
import { seesAllQueries } from './show';

export const QUERY_LIST_COLUMNS = [
  'id', 'changed_on', 'database.database_name', 'executed_sql', 'rows', 'schema', 'sql', 'sql_tables', 'status',
  'tab_name', 'user.first_name', 'user.id', 'user.last_name', 'start_time', 'end_time', 'tmp_table_name', 'tracking_url',
] as const;

interface Ctx {
  related: RelatedLoader;
}

const userOf = (q: QueryRecord, ctx: Ctx) => ctx.related.user(q.user_id);

/** The one user a list's filters restrict it to (user rel_o_m/eq), if any. */
function filteredUser(filters: { col: string; opr: string; value: unknown }[]): number | null {
  const f = filters.find((x) => (x.col === 'user' || x.col === 'user_id') && (x.opr === 'rel_o_m' || x.opr === 'eq'));
  const id = f ? relatedId(f.value) : null;
  return typeof id === 'number' ? id : null;
}

const status = textOps<QueryRecord, Ctx>((q) => q.status);

export const queryList: ListResource<QueryRecord, Ctx> = {
  title: 'List Query',
  pageSize: 25,
  maxPageSize: 100,
  defaultOrder: { column: 'changed_on', direction: 'desc' },
  listColumns: QUERY_LIST_COLUMNS,
  orderColumns: {
    changed_on: (q) => q.changed_on,
    'database.database_name': (q) => q.database_name,
    rows: (q) => q.rows ?? -1,
    schema: (q) => q.schema,
    start_time: (q) => q.start_time,
    end_time: (q) => q.end_time,
    sql: (q) => q.sql,
    status: (q) => q.status,
    tab_name: (q) => q.tab_name,
    id: (q) => q.id,
    'user.first_name': async (q, ctx) => (await userOf(q, ctx))?.first_name ?? q.username,
  },
  filters: {
    database: relOneMany((q) => q.database_id),
    database_id: relOneMany((q) => q.database_id),
    user: relOneMany((q) => q.user_id),
    user_id: relOneMany((q) => q.user_id),
    status: { ...status, in: (q, v) => Array.isArray(v) && v.includes(q.status as QueryState) },
    sql: textOps((q) => q.sql),
    tab_name: textOps((q) => q.tab_name),
    schema: textOps((q) => q.schema),
    start_time: timeOps((q) => q.start_time),
    end_time: timeOps((q) => q.end_time),
    changed_on: timeOps((q) => q.changed_on),
  },
  context: ({ ports }) => ({ related: relatedLoader(ports) }),
  load: async ({ ports, user }, _ctx, filters) => {
    const only = seesAllQueries(user) ? filteredUser(filters) : user.userId;
    return settleOrphans(ports, only === null ? await scanAllQueries(ports) : await listQueriesForUser(ports, only));
  },
  id: (q) => q.id,
  present: (page, _env, ctx) =>
    Promise.all(
      page.map(async (row) => {
        const u = await userOf(row, ctx);
        return {
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
          user: { id: row.user_id, first_name: u?.first_name ?? '', last_name: u?.last_name ?? '' },
          start_time: row.start_time,
          end_time: row.end_time,
          tmp_table_name: row.tmp_table_name,
          tracking_url: row.tracking_url,
        };
      }),
    ),
};
