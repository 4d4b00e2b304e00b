// Datasets made from SQL Lab (Superset's /api/v1/dataset/ create, get_or_create and get) and the legacy
// datasource metadata call the editor makes when it opens Explore.
import { z } from 'zod';
import { defineRoutes } from './route';
import { DatasetCreatedSchema, DatasetGetOrCreateSchema, DatasetGetSchema, DatasourceDataSchema } from '../schemas/responses/datasets';
import { StoredSqlSchema } from './tabState';
import { ListQuerySchema, listResponseSchema } from '../schemas/common';
import { RelatedQSchema } from './savedQueries';

const Name = z.string().max(250);

/** A column as the second creation form sends it (from the query's result set). */
export const DatasetColumnInputSchema = z
  .object({
    column_name: z.string().min(1).max(255),
    type: z.string().max(255).nullish(),
    is_dttm: z.boolean().nullish(),
    verbose_name: z.string().max(1024).nullish(),
  })
  .passthrough();

/** Superset's DatasetPostSchema, with the extra fields SQL Lab's "Save dataset" sends. */
export const DatasetPostBodySchema = z.object({
  database: z.number().int().positive(),
  catalog: Name.nullish(),
  schema: Name.nullish(),
  table_name: Name.min(1),
  sql: StoredSqlSchema.nullish(),
  owners: z.array(z.number().int().positive()).max(100).optional(),
  is_managed_externally: z.boolean().nullish(),
  external_url: z.string().max(2048).nullish(),
  normalize_columns: z.boolean().optional(),
  always_filter_main_dttm: z.boolean().optional(),
  /** JSON text, or the object SQL Lab's save modal holds. */
  template_params: z.union([z.string().max(65_536), z.record(z.string(), z.unknown())]).nullish(),
  columns: z.array(DatasetColumnInputSchema).max(5000).optional(),
});
export type DatasetPostBody = z.infer<typeof DatasetPostBodySchema>;

/** Superset's GetOrCreateDatasetSchema, plus the SQL of a virtual dataset. */
export const DatasetGetOrCreateBodySchema = z.object({
  table_name: Name.min(1),
  database_id: z.number().int().positive(),
  catalog: Name.nullish(),
  schema: Name.nullish(),
  template_params: z.string().max(65_536).nullish(),
  sql: StoredSqlSchema.nullish(),
  normalize_columns: z.boolean().optional(),
  always_filter_main_dttm: z.boolean().optional(),
});
export type DatasetGetOrCreateBody = z.infer<typeof DatasetGetOrCreateBodySchema>;

/** Superset takes an id or a uuid here. */
export const DatasetIdParamsSchema = z.object({ pk: z.string().min(1).max(64) });
export const DatasetGetQSchema = z.object({ columns: z.array(z.string().max(128)).max(200).optional() }).passthrough();

/** `<id>__table` (the datasource uid). */
export const DatasourceMetadataQuerySchema = z.object({ datasourceKey: z.string().min(1).max(64) }).passthrough();

/** A column as PUT sends it (Superset's DatasetColumnsPutSchema): with id to change one, without to add one. */
export const DatasetColumnPutSchema = z.object({
  id: z.number().int().positive().optional(),
  column_name: z.string().min(1).max(255),
  type: z.string().max(255).nullish(),
  advanced_data_type: z.string().max(255).nullish(),
  verbose_name: z.string().max(1024).nullish(),
  description: z.string().max(65_536).nullish(),
  expression: z.string().max(65_536).nullish(),
  extra: z.string().max(65_536).nullish(),
  filterable: z.boolean().optional(),
  groupby: z.boolean().optional(),
  is_active: z.boolean().nullish(),
  is_dttm: z.boolean().nullish(),
  python_date_format: z.string().max(255).nullish(),
  uuid: z.string().max(36).nullish(),
});
export type DatasetColumnPut = z.infer<typeof DatasetColumnPutSchema>;

/** A saved metric as PUT sends it (Superset's DatasetMetricsPutSchema). */
export const DatasetMetricPutSchema = z.object({
  id: z.number().int().positive().optional(),
  metric_name: z.string().min(1).max(255),
  expression: z.string().min(1).max(65_536),
  metric_type: z.string().max(32).nullish(),
  verbose_name: z.string().max(1024).nullish(),
  description: z.string().max(65_536).nullish(),
  d3format: z.string().max(128).nullish(),
  /** Superset sends {symbol, symbolPosition} or its JSON text. */
  currency: z.union([z.string().max(128), z.object({ symbol: z.string().max(16), symbolPosition: z.string().max(16) }).passthrough()]).nullish(),
  warning_text: z.string().max(65_536).nullish(),
  extra: z.string().max(65_536).nullish(),
  uuid: z.string().max(36).nullish(),
});
export type DatasetMetricPut = z.infer<typeof DatasetMetricPutSchema>;

/** Superset's DatasetPutSchema: any subset of the dataset's editable fields. */
export const DatasetPutBodySchema = z.object({
  table_name: Name.min(1).nullish(),
  database_id: z.number().int().positive().optional(),
  sql: StoredSqlSchema.nullish(),
  filter_select_enabled: z.boolean().optional(),
  fetch_values_predicate: z.string().max(1000).nullish(),
  catalog: Name.nullish(),
  schema: Name.nullish(),
  description: z.string().max(65_536).nullish(),
  main_dttm_col: z.string().max(255).nullish(),
  normalize_columns: z.boolean().nullish(),
  always_filter_main_dttm: z.boolean().optional(),
  offset: z.number().int().nullish(),
  default_endpoint: z.string().max(2048).nullish(),
  cache_timeout: z.number().int().min(-1).nullish(),
  is_sqllab_view: z.boolean().optional(),
  template_params: z.string().max(65_536).nullish(),
  owners: z.array(z.number().int().positive()).max(100).optional(),
  columns: z.array(DatasetColumnPutSchema).max(9_999).optional(),
  metrics: z.array(DatasetMetricPutSchema).max(9_999).optional(),
  extra: z.string().max(65_536).nullish(),
  is_managed_externally: z.boolean().nullish(),
  external_url: z.string().max(2048).nullish(),
});
export type DatasetPutBody = z.infer<typeof DatasetPutBodySchema>;
export const DatasetPutQSchema = z.object({ override_columns: z.boolean().optional() }).passthrough();

export const DatasetNumericParamsSchema = z.object({ pk: z.coerce.number().int().positive() });
export const DatasetIdsSchema = z.array(z.number().int().positive()).min(1).max(1000);
export const DatasetRelatedParamsSchema = z.object({ column: z.enum(['owners', 'database', 'created_by', 'changed_by']) });
export const DatasetDistinctParamsSchema = z.object({ column: z.enum(['schema', 'catalog']) });

const Owner = z.object({ id: z.number(), first_name: z.string(), last_name: z.string() });
/** One row of the dataset list (Superset's list_columns). */
export const DatasetListRowSchema = z
  .object({
    id: z.number(),
    uuid: z.string(),
    table_name: z.string(),
    kind: z.enum(['physical', 'virtual']),
    datasource_type: z.literal('table'),
    database: z.object({ id: z.number(), database_name: z.string() }).partial(),
    catalog: z.string().nullable(),
    schema: z.string().nullable(),
    sql: z.string().nullable(),
    owners: z.array(Owner.partial()),
    changed_by: Owner.partial().nullable(),
    changed_by_name: z.string(),
    changed_on_utc: z.string(),
    changed_on_delta_humanized: z.string(),
    description: z.string().nullable(),
    explore_url: z.string(),
    default_endpoint: z.string().nullable(),
    extra: z.string().nullable(),
  })
  .partial();
const MessageSchema = z.object({ message: z.string() });
const RelatedAnswerSchema = z.object({
  count: z.number(),
  result: z.array(z.object({ value: z.union([z.number(), z.string()]), text: z.string(), extra: z.record(z.string(), z.unknown()).optional() })),
});
export const DatasetRelatedObjectsSchema = z.object({
  charts: z.object({ count: z.number(), result: z.array(z.object({ id: z.number(), slice_name: z.string(), viz_type: z.string() })) }),
  dashboards: z.object({ count: z.number(), result: z.array(z.object({ id: z.number(), json_metadata: z.string().nullable(), slug: z.string().nullable(), title: z.string() })) }),
});

export const datasetRoutes = defineRoutes([
  { name: 'dataset.list', method: 'GET', path: '/api/v1/dataset/', module: 'datasets', permission: ['can_read', 'Dataset'], q: ListQuerySchema, response: listResponseSchema(DatasetListRowSchema) },
  { name: 'dataset.bulkDelete', method: 'DELETE', path: '/api/v1/dataset/', module: 'datasets', permission: ['can_write', 'Dataset'], q: DatasetIdsSchema, response: MessageSchema },
  { name: 'dataset.related', method: 'GET', path: '/api/v1/dataset/related/{column}', module: 'datasets', permission: ['can_read', 'Dataset'], params: DatasetRelatedParamsSchema, q: RelatedQSchema, response: RelatedAnswerSchema },
  { name: 'dataset.distinct', method: 'GET', path: '/api/v1/dataset/distinct/{column}', module: 'datasets', permission: ['can_read', 'Dataset'], params: DatasetDistinctParamsSchema, q: RelatedQSchema, response: RelatedAnswerSchema },
  { name: 'dataset.update', method: 'PUT', path: '/api/v1/dataset/{pk}', module: 'datasets', permission: ['can_write', 'Dataset'], params: DatasetNumericParamsSchema, q: DatasetPutQSchema, body: DatasetPutBodySchema, response: z.object({ id: z.number(), result: z.record(z.string(), z.unknown()) }) },
  { name: 'dataset.delete', method: 'DELETE', path: '/api/v1/dataset/{pk}', module: 'datasets', permission: ['can_write', 'Dataset'], params: DatasetNumericParamsSchema, response: MessageSchema },
  { name: 'dataset.refresh', method: 'PUT', path: '/api/v1/dataset/{pk}/refresh', module: 'datasets', permission: ['can_write', 'Dataset'], params: DatasetNumericParamsSchema, response: MessageSchema },
  { name: 'dataset.relatedObjects', method: 'GET', path: '/api/v1/dataset/{pk}/related_objects', module: 'datasets', permission: ['can_read', 'Dataset'], params: DatasetNumericParamsSchema, response: DatasetRelatedObjectsSchema },
  { name: 'dataset.create', method: 'POST', path: '/api/v1/dataset/', module: 'datasets', permission: ['can_write', 'Dataset'], body: DatasetPostBodySchema, response: { 201: DatasetCreatedSchema } },
  { name: 'dataset.getOrCreate', method: 'POST', path: '/api/v1/dataset/get_or_create/', module: 'datasets', permission: ['can_write', 'Dataset'], body: DatasetGetOrCreateBodySchema, response: DatasetGetOrCreateSchema },
  { name: 'dataset.get', method: 'GET', path: '/api/v1/dataset/{pk}', module: 'datasets', permission: ['can_read', 'Dataset'], params: DatasetIdParamsSchema, q: DatasetGetQSchema, response: DatasetGetSchema },
  {
    name: 'datasource.fetchMetadata',
    method: 'GET',
    path: '/superset/fetch_datasource_metadata',
    module: 'datasourceMetadata', permission: ['can_read', 'Dataset'],
    query: DatasourceMetadataQuerySchema,
    response: DatasourceDataSchema,
  },
]);
