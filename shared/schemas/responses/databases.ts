// Answers of the database routes (Superset's DatabaseRestApi): list items, the show result, and the
// schema browser's catalogs, schemas, tables and table metadata.
import { z } from 'zod';
import { GENERIC_TYPES } from '../../constants';
import { MessageSchema, PersonNamesSchema, listAnswer } from './common';

export const EngineInformationSchema = z.object({
  supports_file_upload: z.boolean(),
  disable_ssh_tunneling: z.boolean(),
  supports_dynamic_catalog: z.boolean(),
  supports_oauth2: z.boolean(),
  /** The SQL editor's dialect (the engine's spec, functions/engines/<name>/spec.ts): postgresql, mysql, sqlite, standard. */
  sql_dialect: z.string(),
});

/** A database as the list shows it (list_columns); `extra` is JSON text, as in Superset. */
export const DatabaseListItemSchema = z.object({
  allow_file_upload: z.boolean(),
  allow_ctas: z.boolean(),
  allow_cvas: z.boolean(),
  allow_dml: z.boolean(),
  allow_run_async: z.boolean(),
  allows_cost_estimate: z.boolean(),
  allows_subquery: z.boolean(),
  allows_virtual_table_explore: z.boolean(),
  backend: z.string(),
  changed_on: z.string(),
  changed_on_delta_humanized: z.string(),
  changed_by: PersonNamesSchema.nullable(),
  created_by: PersonNamesSchema.nullable(),
  database_name: z.string(),
  explore_database_id: z.number(),
  expose_in_sqllab: z.boolean(),
  extra: z.string(),
  force_ctas_schema: z.string().nullable(),
  id: z.number().int(),
  uuid: z.string(),
  disable_data_preview: z.boolean(),
  disable_drill_to_detail: z.boolean(),
  allow_multi_catalog: z.boolean(),
  engine_information: EngineInformationSchema,
});
export type DatabaseListItem = z.infer<typeof DatabaseListItemSchema>;
export const DatabaseListSchema = listAnswer(DatabaseListItemSchema);
/** A list row (column selection may leave any field out). */
export type DatabaseRow = z.infer<typeof DatabaseListSchema>['result'][number];

/** GET /api/v1/database/{pk} `result` (show_columns); the URI's password is masked. */
export const DatabaseShowSchema = z.object({
  id: z.number().int(),
  uuid: z.string(),
  database_name: z.string(),
  cache_timeout: z.number().nullable(),
  expose_in_sqllab: z.boolean(),
  allow_run_async: z.boolean(),
  allow_file_upload: z.boolean(),
  configuration_method: z.enum(['sqlalchemy_form', 'dynamic_form']),
  allow_ctas: z.boolean(),
  allow_cvas: z.boolean(),
  allow_dml: z.boolean(),
  backend: z.string(),
  driver: z.string(),
  force_ctas_schema: z.string().nullable(),
  impersonate_user: z.boolean(),
  is_managed_externally: z.boolean(),
  engine_information: EngineInformationSchema,
  sqlalchemy_uri: z.string(),
  extra: z.string(),
  parameters: z.record(z.string(), z.unknown()),
  disable_data_preview: z.boolean(),
});
export const DatabaseGetSchema = z.object({
  id: z.number().int(),
  result: DatabaseShowSchema,
  show_columns: z.array(z.string()).readonly(),
  show_title: z.string(),
  description_columns: z.record(z.string(), z.string()),
  label_columns: z.record(z.string(), z.string()),
});
/** Create (201) and update (200): the id and the show result. */
export const DatabaseSavedSchema = z.object({ id: z.number().int(), result: DatabaseShowSchema });
export const DatabaseMessageSchema = MessageSchema;

export const NamesSchema = z.object({ result: z.array(z.string()) });

export const TableInfoSchema = z.object({
  value: z.string(),
  type: z.enum(['table', 'view', 'materialized_view']),
  extra: z.record(z.string(), z.unknown()).nullable(),
});
export const TablesSchema = z.object({ count: z.number().int(), result: z.array(TableInfoSchema) });

export const GenericTypeSchema = z.literal(Object.values(GENERIC_TYPES));

/** A column of table metadata (Superset's TableMetadataColumnsResponseSchema, plus our generic type). */
export const TableColumnSchema = z.object({
  name: z.string(),
  column_name: z.string(),
  type: z.string(),
  longType: z.string(),
  is_dttm: z.boolean(),
  type_generic: GenericTypeSchema,
  nullable: z.boolean(),
  default: z.string().nullable(),
  comment: z.string().nullable(),
  /** The pk / fk / index entries the column belongs to. */
  keys: z.array(z.object({ type: z.string(), name: z.string().nullish() })),
});
export const PrimaryKeySchema = z.object({ constrained_columns: z.array(z.string()), name: z.string().nullable(), type: z.literal('pk') });
export const ForeignKeySchema = z.object({
  name: z.string().nullable(),
  constrained_columns: z.array(z.string()),
  referred_schema: z.string(),
  referred_table: z.string(),
  referred_columns: z.array(z.string()),
  type: z.literal('fk'),
});
export const IndexSchema = z.object({ name: z.string(), column_names: z.array(z.string()), unique: z.boolean(), type: z.literal('index') });

/** GET /api/v1/database/{pk}/table_metadata/ (Superset's TableMetadataResponseSchema). */
export const TableMetadataSchema = z.object({
  name: z.string(),
  columns: z.array(TableColumnSchema),
  selectStar: z.string(),
  primaryKey: PrimaryKeySchema,
  foreignKeys: z.array(ForeignKeySchema),
  indexes: z.array(IndexSchema),
  comment: z.string().nullable(),
});
export type TableMetadataAnswer = z.infer<typeof TableMetadataSchema>;

/** Engine-specific extras (partitions, metadata): open by nature; {} for engines without any. */
export const TableExtraMetadataSchema = z.record(z.string(), z.unknown());

export const SelectStarSchema = z.object({ result: z.string() });
