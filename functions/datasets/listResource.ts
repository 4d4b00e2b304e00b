// GET /api/v1/dataset/ on the list engine: Superset's DatasetRestApi list columns, order columns and
// search filters (table_name ct, database rel_o_m, owners rel_m_m, schema, sql as
// dataset_is_null_or_empty for physical/virtual, id dataset_is_certified). Datasets are read per
// visible database from the database's index (one query each, or one when a database filter names it).
import { isoNaive, naturalTime } from '../savedQueries/humanize';
import { canSeeDatabase } from '../databases/access';
import { listDatabases, type DatabaseRecord } from '../databases/repository';
import { relatedId, relManyMany, relOneMany, textOps } from '../lists/operators';
import { relatedLoader, type RelatedLoader } from '../lists/related';
import type { ListResource } from '../lists/types';
import { canAccessDatasource } from '../../shared/security/permissions';
import { listDatasetsOfDatabase, type DatasetRecord } from './repository';

export const DATASET_LIST_COLUMNS = [
  'id', 'uuid', 'database.id', 'database.database_name', 'changed_by_name', 'changed_by.first_name', 'changed_by.last_name',
  'changed_by.id', 'changed_on_utc', 'changed_on_delta_humanized', 'default_endpoint', 'description', 'datasource_type',
  'explore_url', 'extra', 'kind', 'owners.id', 'owners.first_name', 'owners.last_name', 'catalog', 'schema', 'sql', 'table_name',
] as const;

interface Ctx {
  related: RelatedLoader;
  databases: Map<number, DatabaseRecord>;
  now: number;
}

const kind = (d: DatasetRecord) => (d.sql ? 'virtual' : 'physical');
const truthy = (v: unknown) => v === true || v === 'true' || v === 1 || v === '1';

export const datasetList: ListResource<DatasetRecord, Ctx> = {
  title: 'List Sqla Table',
  pageSize: 25,
  maxPageSize: 100,
  defaultOrder: { column: 'changed_on_delta_humanized', direction: 'desc' },
  listColumns: DATASET_LIST_COLUMNS,
  orderColumns: {
    table_name: (d) => d.table_name,
    schema: (d) => d.schema,
    'changed_by.first_name': async (d, ctx) => (await ctx.related.user(d.changed_by))?.first_name ?? null,
    changed_on_delta_humanized: (d) => d.changed_on,
    changed_on: (d) => d.changed_on,
    'database.database_name': (d, ctx) => ctx.databases.get(d.database_id)?.database_name ?? null,
    kind,
    id: (d) => d.id,
  },
  filters: {
    table_name: textOps((d) => d.table_name),
    schema: textOps((d) => d.schema),
    catalog: textOps((d) => d.catalog),
    database: relOneMany((d) => d.database_id),
    owners: relManyMany((d) => d.owners),
    created_by: relOneMany((d) => d.created_by),
    changed_by: relOneMany((d) => d.changed_by),
    // DatasetIsNullOrEmptyFilter: true keeps physical datasets, false virtual ones.
    sql: { ...textOps((d) => d.sql), dataset_is_null_or_empty: (d, v) => !d.sql === truthy(v) },
    id: {
      ...relOneMany((d) => d.id),
      // Certification is not kept: "certified" matches none, "not certified" all.
      dataset_is_certified: (_d, v) => !truthy(v),
    },
  },
  context: async ({ ports }) => ({
    related: relatedLoader(ports),
    databases: new Map((await listDatabases(ports)).map((db) => [db.id, db])),
    now: ports.clock.now(),
  }),
  load: async ({ ports, user }, ctx, filters) => {
    const named = filters.find((f) => f.col === 'database' && (f.opr === 'rel_o_m' || f.opr === 'eq'));
    const wanted = named ? relatedId(named.value) : null;
    const dbs = [...ctx.databases.values()].filter((db) => canSeeDatabase(user, db) && (wanted === null || db.id === wanted));
    const all = await Promise.all(dbs.map(async (db) => (await listDatasetsOfDatabase(ports, db.id)).filter((d) => canAccessDatasource(user, db, d))));
    return all.flat();
  },
  id: (d) => d.id,
  present: (page, _env, ctx) =>
    Promise.all(
      page.map(async (d) => {
        const [changedBy, owners] = await Promise.all([ctx.related.user(d.changed_by), Promise.all(d.owners.map((id) => ctx.related.user(id)))]);
        const db = ctx.databases.get(d.database_id);
        return {
          id: d.id,
          uuid: d.uuid,
          database: { id: d.database_id, database_name: db?.database_name ?? '' },
          changed_by_name: changedBy ? `${changedBy.first_name} ${changedBy.last_name}`.trim() : '',
          changed_by: changedBy,
          changed_on_utc: `${isoNaive(d.changed_on)}+00:00`,
          changed_on_delta_humanized: naturalTime(d.changed_on, ctx.now),
          default_endpoint: null,
          description: d.description,
          datasource_type: 'table',
          explore_url: `/explore/?datasource_type=table&datasource_id=${d.id}`,
          extra: d.extra,
          kind: kind(d),
          owners: owners.filter((o) => o !== null),
          catalog: d.catalog,
          schema: d.schema,
          sql: d.sql,
          table_name: d.table_name,
        };
      }),
    ),
};
