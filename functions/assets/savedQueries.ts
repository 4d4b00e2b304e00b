// Saved queries in a bundle: queries/<database>/<schema>/<label>.yaml (ImportV1SavedQuerySchema),
// linked to their database by database_uuid.
import { findSavedQuery, listSavedQueryRecords, writeSavedQuery, type SavedQueryRecord } from '../savedQueries/repository';
import type { DatabaseRecord } from '../databases/repository';
import { nextId } from '../ports/counters';
import { laterThan } from '../ports/tables';
import { EXPORT_VERSION, fileError } from './bundle';
import type { ImportContext } from './context';
import { fileStem } from './names';
import type { SavedQueryFile } from './schemas';

export const savedQueryFile = (q: SavedQueryRecord, db: DatabaseRecord) =>
  `queries/${fileStem(db.database_name, 'database')}/${fileStem(q.schema, 'default')}/${fileStem(q.label, `query_${q.id}`)}.yaml`;

/** One saved query as ImportV1SavedQuerySchema names its fields. */
export function savedQueryYaml(q: SavedQueryRecord, db: DatabaseRecord) {
  return {
    catalog: q.catalog,
    schema: q.schema,
    label: q.label,
    description: q.description,
    sql: q.sql,
    uuid: q.uuid,
    version: EXPORT_VERSION,
    database_uuid: db.uuid,
  };
}

export async function importSavedQuery(ctx: ImportContext, file: string, config: SavedQueryFile, overwrite: boolean): Promise<SavedQueryRecord> {
  const db = ctx.databases.get(config.database_uuid);
  if (!db) throw fileError(file, 'database_uuid', `Database ${config.database_uuid} is neither in the bundle nor here`);
  const listed = (await listSavedQueryRecords(ctx.ports, null)).find((q) => q.uuid === config.uuid);
  // The list index may lag: what the import keeps and is conditioned on is the item as stored now.
  const existing = listed ? await findSavedQuery(ctx.ports, listed.id) : null;
  if (existing && !overwrite) return existing;
  const now = ctx.ports.clock.now();
  const record: SavedQueryRecord = {
    id: existing?.id ?? (await nextId(ctx.ports.tables, 'savedquery')),
    uuid: config.uuid,
    user_id: existing?.user_id ?? ctx.user.userId,
    db_id: db.id,
    catalog: config.catalog ?? null,
    schema: config.schema ?? null,
    label: config.label ?? null,
    description: config.description ?? null,
    sql: config.sql,
    template_parameters: config.template_parameters ?? existing?.template_parameters ?? null,
    extra_json: existing?.extra_json ?? '{}',
    schedule_info: existing?.schedule_info ?? null,
    next_run_ms: existing?.next_run_ms ?? null,
    last_run: existing?.last_run ?? null,
    rows: existing?.rows ?? null,
    created_on: existing?.created_on ?? now,
    changed_on: existing ? laterThan(now, existing.changed_on) : now,
    created_by: existing?.created_by ?? ctx.user.userId,
    changed_by: ctx.user.userId,
  };
  // It keeps the existing query's schedule and run: only if that is still as read (409 otherwise).
  await writeSavedQuery(ctx.ports, record, existing ?? undefined, { basedOn: existing ?? undefined });
  return record;
}
