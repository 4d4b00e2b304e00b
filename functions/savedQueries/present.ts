// The saved query as Superset's API shows it: show_columns for GET /{pk}, list_columns for the list,
// plus the schedule fields this product adds. Related users and databases are looked up once per call.
import type { RelatedLoader, UserRef } from '../lists/related';
import type { TagRef } from '../tags/refs';
import { isoNaive, naturalTime } from './humanize';
import type { SavedQueryRecord } from './repository';
import { extractSqlTables, type SqlTable } from './sqlTables';

export { relatedLoader, type RelatedLoader, type UserRef } from '../lists/related';

export interface SavedQueryDict {
  id: number;
  db_id: number;
  catalog: string | null;
  schema: string | null;
  label: string | null;
  description: string | null;
  sql: string;
  sql_tables: SqlTable[];
  template_parameters: string | null;
  extra_json: string;
  extra: Record<string, unknown>;
  rows: number | null;
  last_run: string | null;
  last_run_delta_humanized: string;
  changed_on: string;
  changed_on_delta_humanized: string;
  created_on: string;
  created_by: UserRef | null;
  changed_by: UserRef | null;
  database: { database_name: string | null; id: number };
  tags: TagRef[];
  schedule_info: SavedQueryRecord['schedule_info'];
  next_run: string | null;
}

const parseExtra = (text: string): Record<string, unknown> => {
  try {
    const parsed = JSON.parse(text || '{}');
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? parsed : {};
  } catch {
    return {};
  }
};

export async function toSavedQueryDict(record: SavedQueryRecord, related: RelatedLoader, nowMs: number): Promise<SavedQueryDict> {
  const [createdBy, changedBy, databaseName, sqlTables, tags] = await Promise.all([
    related.user(record.created_by),
    related.user(record.changed_by),
    related.databaseName(record.db_id),
    extractSqlTables(record.sql),
    related.tags('query', record.id),
  ]);
  return {
    id: record.id,
    db_id: record.db_id,
    catalog: record.catalog,
    schema: record.schema,
    label: record.label,
    description: record.description,
    sql: record.sql,
    sql_tables: sqlTables,
    template_parameters: record.template_parameters,
    extra_json: record.extra_json,
    extra: parseExtra(record.extra_json),
    rows: record.rows,
    last_run: record.last_run === null ? null : isoNaive(record.last_run),
    // Superset renders this from changed_on too (SavedQuery.last_run_delta_humanized).
    last_run_delta_humanized: naturalTime(record.last_run ?? record.changed_on, nowMs),
    changed_on: isoNaive(record.changed_on),
    changed_on_delta_humanized: naturalTime(record.changed_on, nowMs),
    created_on: isoNaive(record.created_on),
    created_by: createdBy,
    changed_by: changedBy,
    database: { database_name: databaseName, id: record.db_id },
    tags,
    schedule_info: record.schedule_info,
    next_run: record.next_run_ms === null ? null : new Date(record.next_run_ms).toISOString(),
  };
}
