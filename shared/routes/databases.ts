// Database connection routes (Superset's DatabaseRestApi): list/show/CRUD, connection test, and the
// schema browser's catalogs, schemas, tables, table metadata and select-star.
import { z } from 'zod';
import { defineRoutes } from './route';
import {
  DatabaseGetSchema,
  DatabaseListSchema,
  DatabaseMessageSchema,
  DatabaseSavedSchema,
  NamesSchema,
  SelectStarSchema,
  TableExtraMetadataSchema,
  TableMetadataSchema,
  TablesSchema,
} from '../schemas/responses/databases';
import { ForceSchema, IdParamsSchema, ListQuerySchema } from '../schemas/common';

const NameSchema = z.string().trim().min(1).max(250);
const UriSchema = z.string().trim().min(1).max(1024);
// Superset sends extra as JSON text; an object is accepted so API clients need not double-encode.
const ExtraSchema = z.union([z.string().max(100_000), z.record(z.string(), z.unknown())]);

/** Fields a create or update may set (Superset's add_columns / edit_columns). */
const DatabaseFieldsSchema = z.object({
  database_name: NameSchema,
  sqlalchemy_uri: UriSchema,
  cache_timeout: z.number().int().min(0).nullish(),
  expose_in_sqllab: z.boolean().optional(),
  allow_run_async: z.boolean().optional(),
  allow_file_upload: z.boolean().optional(),
  allow_ctas: z.boolean().optional(),
  allow_cvas: z.boolean().optional(),
  allow_dml: z.boolean().optional(),
  configuration_method: z.enum(['sqlalchemy_form', 'dynamic_form']).optional(),
  force_ctas_schema: z.string().max(250).nullish(),
  impersonate_user: z.boolean().optional(),
  extra: ExtraSchema.optional(),
  // Accepted for compatibility with Superset's forms; connection secrets live in the URI here.
  encrypted_extra: z.string().max(100_000).nullish(),
  server_cert: z.string().max(100_000).nullish(),
  engine: z.string().max(64).nullish(),
  driver: z.string().max(64).nullish(),
});

export const DatabasePostSchema = DatabaseFieldsSchema;
export type DatabasePost = z.infer<typeof DatabasePostSchema>;

export const DatabasePutSchema = DatabaseFieldsSchema.partial();
export type DatabasePut = z.infer<typeof DatabasePutSchema>;

export const TestConnectionSchema = DatabaseFieldsSchema.partial().extend({ sqlalchemy_uri: UriSchema });
export type TestConnection = z.infer<typeof TestConnectionSchema>;

export const SchemasQuerySchema = ForceSchema.extend({ catalog: z.string().max(256).nullish() });
export const CatalogsQuerySchema = ForceSchema;
export const TablesQuerySchema = ForceSchema.extend({
  schema_name: z.string().min(1).max(256),
  catalog_name: z.string().max(256).nullish(),
});

/** Query string of table_metadata (plain parameters, not rison). */
export const TableMetadataQuerySchema = z
  .object({
    name: z.string().min(1).max(256),
    schema: z.string().max(256).optional(),
    catalog: z.string().max(256).optional(),
  })
  .passthrough();

export const SelectStarParamsSchema = IdParamsSchema.extend({
  table_name: z.string().min(1).max(256),
  schema_name: z.string().min(1).max(256).optional(),
});

const base = '/api/v1/database';

export const databaseRoutes = defineRoutes([
  { name: 'database.list', method: 'GET', path: `${base}/`, module: 'databases', permission: ['can_read', 'Database'], q: ListQuerySchema, response: DatabaseListSchema },
  { name: 'database.get', method: 'GET', path: `${base}/{pk}`, module: 'databases', permission: ['can_read', 'Database'], params: IdParamsSchema, response: DatabaseGetSchema },
  { name: 'database.create', method: 'POST', path: `${base}/`, module: 'databases', permission: 'admin', body: DatabasePostSchema, response: { 201: DatabaseSavedSchema } },
  { name: 'database.update', method: 'PUT', path: `${base}/{pk}`, module: 'databases', permission: 'admin', params: IdParamsSchema, body: DatabasePutSchema, response: DatabaseSavedSchema },
  { name: 'database.delete', method: 'DELETE', path: `${base}/{pk}`, module: 'databases', permission: 'admin', params: IdParamsSchema, response: DatabaseMessageSchema },
  { name: 'database.testConnection', method: 'POST', path: `${base}/test_connection/`, module: 'databases', permission: ['can_test_conn', 'Database'], body: TestConnectionSchema, response: DatabaseMessageSchema },
  { name: 'database.catalogs', method: 'GET', path: `${base}/{pk}/catalogs/`, module: 'databases', permission: ['can_read', 'Database'], params: IdParamsSchema, q: CatalogsQuerySchema, response: NamesSchema },
  { name: 'database.schemas', method: 'GET', path: `${base}/{pk}/schemas/`, module: 'databases', permission: ['can_read', 'Database'], params: IdParamsSchema, q: SchemasQuerySchema, response: NamesSchema },
  { name: 'database.tables', method: 'GET', path: `${base}/{pk}/tables/`, module: 'databases', permission: ['can_read', 'Database'], params: IdParamsSchema, q: TablesQuerySchema, response: TablesSchema },
  {
    name: 'database.tableMetadata',
    method: 'GET',
    path: `${base}/{pk}/table_metadata/`,
    module: 'databases', permission: ['can_read', 'Database'],
    params: IdParamsSchema,
    query: TableMetadataQuerySchema,
    response: TableMetadataSchema,
  },
  {
    name: 'database.tableExtraMetadata',
    method: 'GET',
    path: `${base}/{pk}/table_metadata/extra/`,
    module: 'databases', permission: ['can_read', 'Database'],
    params: IdParamsSchema,
    query: TableMetadataQuerySchema,
    response: TableExtraMetadataSchema,
  },
  {
    name: 'database.selectStar',
    method: 'GET',
    path: `${base}/{pk}/select_star/{table_name}/`,
    module: 'databases', permission: ['can_read', 'Database'],
    params: SelectStarParamsSchema,
    response: SelectStarSchema,
  },
  {
    name: 'database.selectStarInSchema',
    method: 'GET',
    path: `${base}/{pk}/select_star/{table_name}/{schema_name}/`,
    module: 'databases', permission: ['can_read', 'Database'],
    params: SelectStarParamsSchema,
    response: SelectStarSchema,
  },
]);
