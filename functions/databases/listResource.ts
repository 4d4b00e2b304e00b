// GET /api/v1/database/ on the list engine: Superset's DatabaseRestApi search and order columns.
// Databases are few and live in one partition: the list reads them all, hidden ones dropped for
// users who may not see them.
import { boolOps, numberOps, relOneMany, textOps } from '../lists/operators';
import { relatedLoader, type RelatedLoader } from '../lists/related';
import type { ListResource } from '../lists/types';
import { canSeeDatabase } from './access';
import { listDatabases, type DatabaseRecord } from './repository';
import { LIST_COLUMNS, listItem } from './serialize';

interface Ctx {
  related: RelatedLoader;
  now: number;
}

const changedMs = (db: DatabaseRecord) => Date.parse(db.changed_on);

export const databaseList: ListResource<DatabaseRecord, Ctx> = {
  title: 'List Database',
  pageSize: 25,
  // SQL Lab's database selector asks for every database with page_size -1.
  maxPageSize: Infinity,
  defaultOrder: { column: 'id', direction: 'asc' },
  listColumns: LIST_COLUMNS,
  orderColumns: {
    allow_file_upload: (db) => db.allow_file_upload,
    allow_dml: (db) => db.allow_dml,
    allow_run_async: (db) => db.allow_run_async,
    changed_on: changedMs,
    changed_on_delta_humanized: changedMs,
    'created_by.first_name': async (db, ctx) => (await ctx.related.user(db.created_by))?.first_name ?? null,
    database_name: (db) => db.database_name,
    expose_in_sqllab: (db) => db.expose_in_sqllab,
    id: (db) => db.id,
  },
  filters: {
    allow_file_upload: {
      ...boolOps((db) => db.allow_file_upload),
      // Superset's DatabaseUploadEnabledFilter: databases that accept file uploads.
      upload_is_enabled: (db, v) => db.allow_file_upload === (v === true || v === 'true'),
    },
    allow_dml: boolOps((db) => db.allow_dml),
    allow_run_async: boolOps((db) => db.allow_run_async),
    expose_in_sqllab: boolOps((db) => db.expose_in_sqllab),
    created_by: relOneMany((db) => db.created_by),
    changed_by: relOneMany((db) => db.changed_by),
    database_name: textOps((db) => db.database_name),
    uuid: textOps((db) => db.uuid),
    backend: textOps((db) => db.backend),
    id: numberOps((db) => db.id),
  },
  context: ({ ports }) => ({ related: relatedLoader(ports), now: ports.clock.now() }),
  load: async ({ ports, user }) => (await listDatabases(ports)).filter((db) => canSeeDatabase(user, db)),
  id: (db) => db.id,
  present: async (dbs, _env, ctx) => {
    const names = new Map<number, { first_name: string; last_name: string }>();
    for (const id of new Set(dbs.flatMap((d) => [d.created_by, d.changed_by]))) {
      const u = await ctx.related.user(id);
      if (u) names.set(u.id, { first_name: u.first_name, last_name: u.last_name });
    }
    return dbs.map((db) => listItem(db, names, ctx.now));
  },
};
