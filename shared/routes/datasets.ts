// Datasets made from SQL Lab (Superset's /api/v1/dataset/ create, get_or_create and get) and the legacy
// datasource metadata call the editor makes when it opens Explore.
import { z } from 'zod';
import { defineRoutes } from './route';
import { StoredSqlSchema } from './tabState';

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

export const datasetRoutes = defineRoutes([
  { name: 'dataset.create', method: 'POST', path: '/api/v1/dataset/', module: 'datasets', body: DatasetPostBodySchema },
  { name: 'dataset.getOrCreate', method: 'POST', path: '/api/v1/dataset/get_or_create/', module: 'datasets', body: DatasetGetOrCreateBodySchema },
  { name: 'dataset.get', method: 'GET', path: '/api/v1/dataset/{pk}', module: 'datasets', params: DatasetIdParamsSchema, q: DatasetGetQSchema },
  {
    name: 'datasource.fetchMetadata',
    method: 'GET',
    path: '/superset/fetch_datasource_metadata',
    module: 'datasourceMetadata',
    query: DatasourceMetadataQuerySchema,
  },
]);
