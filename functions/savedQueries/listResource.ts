// GET /api/v1/saved_query/ on the list engine: Superset's SavedQueryRestApi search columns (label with
// the all-text search box, database, schema, owner...), order columns and list columns. A user's own
// saved queries come from their owner index; users who read all queries read the all-queries index.
import { can } from '../../shared/security/permissions';
import type { Identity } from '../http/identity';
import { allText, numberOps, relOneMany, textOps } from '../lists/operators';
import { relatedLoader, type RelatedLoader } from '../lists/related';
import type { ListResource } from '../lists/types';
import { toSavedQueryDict } from './present';
import { taggedIndex, tagFilters, type TaggedIndex } from '../tags/refs';
import { listSavedQueryRecords, type SavedQueryRecord } from './repository';

/** Superset's can_access_all_queries: such users read everyone's saved queries (never write them). */
export const readsAllSavedQueries = (user: Identity) => can(user, 'all_query_access', 'all_query_access');

interface Ctx {
  related: RelatedLoader;
  now: number;
  tagged: TaggedIndex;
}

export const SAVED_QUERY_LIST_COLUMNS = [
  'changed_on', 'changed_on_delta_humanized', 'changed_by.first_name', 'changed_by.id', 'changed_by.last_name',
  'created_on', 'created_by.first_name', 'created_by.id', 'created_by.last_name', 'database.database_name',
  'database.id', 'db_id', 'description', 'extra', 'extra_json', 'id', 'label', 'last_run_delta_humanized', 'rows',
  'catalog', 'schema', 'sql', 'sql_tables', 'template_parameters', 'tags', 'schedule_info', 'next_run',
] as const;

const userName = async (id: number, ctx: Ctx) => {
  const u = await ctx.related.user(id);
  return u ? `${u.first_name} ${u.last_name}` : null;
};

export const savedQueryList: ListResource<SavedQueryRecord, Ctx> = {
  title: 'List Saved Query',
  pageSize: 25,
  maxPageSize: 100,
  // The newest change first, as Superset's saved query list shows it.
  defaultOrder: { column: 'changed_on', direction: 'desc' },
  listColumns: SAVED_QUERY_LIST_COLUMNS,
  orderColumns: {
    changed_on: (r) => r.changed_on,
    changed_on_delta_humanized: (r) => r.changed_on,
    last_run_delta_humanized: (r) => r.last_run ?? r.changed_on,
    created_on: (r) => r.created_on,
    id: (r) => r.id,
    label: (r) => r.label,
    schema: (r) => r.schema,
    catalog: (r) => r.catalog,
    description: (r) => r.description,
    sql: (r) => r.sql,
    rows: (r) => r.rows ?? -1,
    'created_by.first_name': (r, ctx) => userName(r.created_by, ctx),
    'changed_by.first_name': (r, ctx) => userName(r.changed_by, ctx),
    'database.database_name': (r, ctx) => ctx.related.databaseName(r.db_id),
  },
  filters: {
    label: {
      ...textOps((r) => r.label),
      // SavedQueryAllTextFilter: the search box matches schema, label, description or SQL.
      all_text: allText((r) => [r.schema, r.label, r.description, r.sql]),
    },
    schema: textOps((r) => r.schema),
    catalog: textOps((r) => r.catalog),
    sql: textOps((r) => r.sql),
    description: textOps((r) => r.description),
    database: relOneMany((r) => r.db_id),
    db_id: numberOps((r) => r.db_id),
    created_by: relOneMany((r) => r.created_by),
    changed_by: relOneMany((r) => r.changed_by),
    id: {
      ...numberOps((r) => r.id),
      // This product has no favourites: "favourites only" matches nothing, "not favourites" everything.
      saved_query_is_fav: (_r, v) => v === false,
    },
    // SavedQueryTagNameFilter / SavedQueryTagIdFilter.
    tags: tagFilters<SavedQueryRecord, Ctx>('query', 'saved_query', (r) => r.id),
  },
  context: ({ ports }) => ({ related: relatedLoader(ports), now: ports.clock.now(), tagged: taggedIndex(ports) }),
  load: ({ ports, user }) => listSavedQueryRecords(ports, readsAllSavedQueries(user) ? null : user.userId),
  id: (r) => r.id,
  present: (records, _env, ctx) =>
    Promise.all(records.map(async (r) => ({ ...(await toSavedQueryDict(r, ctx.related, ctx.now)) }) as Record<string, unknown>)),
};
