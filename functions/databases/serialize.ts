// Database records as Superset's API shows them: list items (list_columns), the show result
// (show_columns), never an unmasked password, extra as JSON text.
import type { DatabaseRecord } from './repository';
import { maskPassword } from './uri';
import { driverOf, engineSpec } from '../engines/registry';

export const LIST_COLUMNS = [
  'allow_file_upload', 'allow_ctas', 'allow_cvas', 'allow_dml', 'allow_run_async', 'allows_cost_estimate',
  'allows_subquery', 'allows_virtual_table_explore', 'backend', 'changed_on', 'changed_on_delta_humanized',
  'changed_by.first_name', 'changed_by.last_name', 'created_by.first_name', 'created_by.last_name', 'database_name',
  'explore_database_id', 'expose_in_sqllab', 'extra', 'force_ctas_schema', 'id', 'uuid', 'disable_data_preview',
  'disable_drill_to_detail', 'allow_multi_catalog', 'engine_information',
] as const;

export const SHOW_COLUMNS = [
  'id', 'uuid', 'database_name', 'cache_timeout', 'expose_in_sqllab', 'allow_run_async', 'allow_file_upload',
  'configuration_method', 'allow_ctas', 'allow_cvas', 'allow_dml', 'backend', 'driver', 'force_ctas_schema',
  'impersonate_user', 'is_managed_externally', 'engine_information', 'sqlalchemy_uri', 'extra', 'parameters',
] as const;

/**
 * What the engine can do (its spec, functions/engines/<name>/spec.ts), as Superset's
 * engine_information says it, plus the SQL editor's dialect so the UI never switches on backends.
 */
export const engineInformation = (db: Pick<DatabaseRecord, 'backend'>) => {
  const spec = engineSpec(db.backend);
  return {
    supports_file_upload: spec.capabilities.fileUpload,
    disable_ssh_tunneling: true,
    supports_dynamic_catalog: spec.capabilities.dynamicCatalog,
    supports_oauth2: false,
    sql_dialect: spec.dialect.editorDialect,
  };
};

/** Python humanize.naturaltime, which Superset uses for changed_on_delta_humanized. */
export function humanizeDelta(fromMs: number, nowMs: number): string {
  const s = Math.max(0, Math.round((nowMs - fromMs) / 1000));
  const unit = (n: number, one: string, name: string) => (n === 1 ? `${one} ${name} ago` : `${n} ${name}s ago`);
  if (s === 0) return 'now';
  if (s < 60) return unit(s, 'a', 'second');
  if (s < 3600) return unit(Math.floor(s / 60), 'a', 'minute');
  if (s < 86_400) return unit(Math.floor(s / 3600), 'an', 'hour');
  const days = Math.floor(s / 86_400);
  if (days < 30) return unit(days, 'a', 'day');
  if (days < 365) return unit(Math.max(1, Math.floor(days / 30.5)), 'a', 'month');
  return unit(Math.floor(days / 365), 'a', 'year');
}

export type UserNames = Map<number, { first_name: string; last_name: string }>;

const flag = (db: DatabaseRecord, key: string) => db.extra?.[key] === true;

export function listItem(db: DatabaseRecord, names: UserNames, nowMs: number): Record<string, unknown> {
  const person = (id: number | null) => (id === null ? null : (names.get(id) ?? null));
  return {
    allow_file_upload: db.allow_file_upload,
    allow_ctas: db.allow_ctas,
    allow_cvas: db.allow_cvas,
    allow_dml: db.allow_dml,
    allow_run_async: db.allow_run_async,
    allows_cost_estimate: engineSpec(db.backend).capabilities.costEstimate,
    allows_subquery: true,
    allows_virtual_table_explore: !flag(db, 'disable_virtual_table_explore'),
    backend: db.backend,
    changed_on: db.changed_on,
    changed_on_delta_humanized: humanizeDelta(Date.parse(db.changed_on), nowMs),
    changed_by: person(db.changed_by),
    created_by: person(db.created_by),
    database_name: db.database_name,
    explore_database_id: typeof db.extra?.explore_database_id === 'number' ? db.extra.explore_database_id : db.id,
    expose_in_sqllab: db.expose_in_sqllab,
    extra: JSON.stringify(db.extra ?? {}),
    force_ctas_schema: db.force_ctas_schema,
    id: db.id,
    uuid: db.uuid,
    disable_data_preview: db.disable_data_preview,
    disable_drill_to_detail: flag(db, 'disable_drill_to_detail'),
    allow_multi_catalog: flag(db, 'allow_multi_catalog'),
    engine_information: engineInformation(db),
  };
}

export function showResult(db: DatabaseRecord): Record<string, unknown> {
  return {
    id: db.id,
    uuid: db.uuid,
    database_name: db.database_name,
    cache_timeout: db.cache_timeout,
    expose_in_sqllab: db.expose_in_sqllab,
    allow_run_async: db.allow_run_async,
    allow_file_upload: db.allow_file_upload,
    configuration_method: db.configuration_method,
    allow_ctas: db.allow_ctas,
    allow_cvas: db.allow_cvas,
    allow_dml: db.allow_dml,
    backend: db.backend,
    driver: driverOf(db.sqlalchemy_uri),
    force_ctas_schema: db.force_ctas_schema,
    impersonate_user: db.impersonate_user,
    is_managed_externally: false,
    engine_information: engineInformation(db),
    sqlalchemy_uri: maskPassword(db.sqlalchemy_uri),
    extra: JSON.stringify(db.extra ?? {}),
    parameters: {},
    disable_data_preview: db.disable_data_preview,
  };
}
