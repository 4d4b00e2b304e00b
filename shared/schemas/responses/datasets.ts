// Answers of the dataset routes: Superset's dataset show result, the datasource `data` dictionary
// Explore reads (fetch_datasource_metadata, create's `data`), and get_or_create.
import { z } from 'zod';
import { selectable } from './common';
import { GenericTypeSchema } from './databases';

export const DatasetColumnSchema = z.object({
  id: z.number().int(),
  uuid: z.string(),
  column_name: z.string(),
  verbose_name: z.string().nullable(),
  description: z.string().nullable(),
  expression: z.string().nullable(),
  filterable: z.boolean(),
  groupby: z.boolean(),
  is_dttm: z.boolean(),
  is_active: z.boolean(),
  type: z.string(),
  type_generic: GenericTypeSchema,
  python_date_format: z.string().nullable(),
  advanced_data_type: z.string().nullable(),
  extra: z.string().nullable(),
  is_certified: z.boolean(),
  certified_by: z.string().nullable(),
  certification_details: z.string().nullable(),
  warning_markdown: z.string().nullable(),
});

export const DatasetMetricSchema = z.object({
  id: z.number().int(),
  uuid: z.string(),
  metric_name: z.string(),
  verbose_name: z.string().nullable(),
  metric_type: z.string().nullable(),
  expression: z.string(),
  description: z.string().nullable(),
  d3format: z.string().nullable(),
  /** Superset keeps it as JSON: {symbol, symbolPosition}. */
  currency: z.object({ symbol: z.string(), symbolPosition: z.string() }).passthrough().nullable(),
  warning_text: z.string().nullable(),
  extra: z.string().nullable(),
});

const Names = z.object({ first_name: z.string(), last_name: z.string() });
const TimeGrainsSchema = z.array(z.tuple([z.string().nullable(), z.string()]));
const PairsSchema = z.array(z.tuple([z.string(), z.string()]));

/** GET /api/v1/dataset/{pk} `result` (show columns). */
export const DatasetShowSchema = z.object({
  id: z.number().int(),
  uuid: z.string(),
  database: z.object({ id: z.number().int(), database_name: z.string(), backend: z.string(), uuid: z.string(), allow_multi_catalog: z.boolean() }),
  table_name: z.string(),
  sql: z.string().nullable(),
  filter_select_enabled: z.boolean(),
  fetch_values_predicate: z.string().nullable(),
  catalog: z.string().nullable(),
  schema: z.string().nullable(),
  description: z.string().nullable(),
  main_dttm_col: z.string().nullable(),
  currency_code_column: z.string().nullable(),
  normalize_columns: z.boolean(),
  always_filter_main_dttm: z.boolean(),
  offset: z.number(),
  default_endpoint: z.string().nullable(),
  cache_timeout: z.number().nullable(),
  is_sqllab_view: z.boolean(),
  template_params: z.string().nullable(),
  select_star: z.string(),
  owners: z.array(Names.extend({ id: z.number().int() })),
  columns: z.array(DatasetColumnSchema),
  metrics: z.array(DatasetMetricSchema),
  datasource_type: z.literal('table'),
  url: z.string(),
  extra: z.string().nullable(),
  kind: z.enum(['virtual', 'physical']),
  created_on: z.string(),
  created_on_humanized: z.string(),
  created_by: Names.nullable(),
  changed_on: z.string(),
  changed_on_humanized: z.string(),
  changed_by: Names.nullable(),
  is_managed_externally: z.boolean(),
  external_url: z.string().nullable(),
  uid: z.string(),
  datasource_name: z.string(),
  name: z.string(),
  column_formats: z.record(z.string(), z.string()),
  granularity_sqla: PairsSchema,
  time_grain_sqla: TimeGrainsSchema,
  order_by_choices: PairsSchema,
  verbose_map: z.record(z.string(), z.string()),
});
/** `q=(columns:...)` may select fields (`database.id` keeps part of one), so every field of `result` is optional. */
export const DatasetGetSchema = z.object({ id: z.number().int(), result: selectable(DatasetShowSchema) });

/** The datasource dictionary (Superset's SqlaTable.data). */
export const DatasourceDataSchema = z.object({
  id: z.number().int(),
  uid: z.string(),
  type: z.literal('table'),
  datasource_name: z.string(),
  table_name: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  database: z.object({ id: z.number().int(), database_name: z.string(), name: z.string(), backend: z.string() }),
  catalog: z.string().nullable(),
  schema: z.string().nullable(),
  sql: z.string().nullable(),
  kind: z.enum(['virtual', 'physical']),
  columns: z.array(DatasetColumnSchema),
  column_names: z.array(z.string()),
  column_types: z.array(GenericTypeSchema),
  metrics: z.array(DatasetMetricSchema),
  column_formats: z.record(z.string(), z.string()),
  currency_formats: z.record(z.string(), z.unknown()),
  verbose_map: z.record(z.string(), z.string()),
  order_by_choices: PairsSchema,
  main_dttm_col: z.string().nullable(),
  granularity_sqla: PairsSchema,
  time_grain_sqla: TimeGrainsSchema,
  select_star: z.string(),
  default_endpoint: z.string().nullable(),
  filter_select: z.boolean(),
  filter_select_enabled: z.boolean(),
  fetch_values_predicate: z.string().nullable(),
  template_params: z.string().nullable(),
  is_sqllab_view: z.boolean(),
  offset: z.number(),
  cache_timeout: z.number().nullable(),
  params: z.string().nullable(),
  perm: z.string(),
  edit_url: z.string(),
  extra: z.string().nullable(),
  owners: z.array(Names.extend({ id: z.number().int(), username: z.string() })),
  always_filter_main_dttm: z.boolean(),
  normalize_columns: z.boolean(),
  health_check_message: z.string().nullable(),
});
export type DatasourceData = z.infer<typeof DatasourceDataSchema>;

/** POST /api/v1/dataset/ (201): the id, the fields sent, the datasource dictionary and the uuid. */
export const DatasetCreatedSchema = z.object({
  id: z.number().int(),
  result: z.record(z.string(), z.unknown()),
  data: DatasourceDataSchema,
  uuid: z.string(),
});
export const DatasetGetOrCreateSchema = z.object({ result: z.object({ table_id: z.number().int() }) });
