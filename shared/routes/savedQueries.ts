// Saved queries (Superset's /api/v1/saved_query/), with the schedule SQL Lab's "Schedule query" sets.
import { z } from 'zod';
import { defineRoutes } from './route';
import {
  SavedQueryChoicesSchema,
  SavedQueryEchoSchema,
  SavedQueryGetSchema,
  SavedQueryInfoSchema,
  SavedQueryListSchema,
  SavedQueryMessageSchema,
} from '../schemas/responses/savedQueries';
import { IdParamsSchema, ListQuerySchema } from '../schemas/common';
import { StoredSqlSchema } from './tabState';

/**
 * When a saved query runs by itself. crontab is five-field cron (minute hour day month weekday),
 * evaluated in `timezone` (IANA name); the server checks both and computes the next run.
 */
export const ScheduleInfoSchema = z.object({
  crontab: z.string().min(1).max(256),
  timezone: z.string().min(1).max(64).default('UTC'),
  active: z.boolean().default(true),
  /** CTAS target of each run, when the run should also write a table. */
  output_table: z.string().min(1).max(256).nullish(),
});
export type ScheduleInfo = z.infer<typeof ScheduleInfoSchema>;

const Text = (max: number) => z.string().max(max);

/** Superset's add_columns, plus schedule_info. */
export const SavedQueryBodySchema = z.object({
  db_id: z.number().int().positive(),
  label: Text(256).nullish(),
  description: Text(65_536).nullish(),
  catalog: Text(256).nullish(),
  schema: Text(128).nullish(),
  sql: StoredSqlSchema.nullish(),
  template_parameters: Text(65_536).nullish(),
  extra_json: Text(65_536).nullish(),
  schedule_info: ScheduleInfoSchema.nullish(),
});
export type SavedQueryBody = z.infer<typeof SavedQueryBodySchema>;

/** PUT sends any subset of the same fields. */
export const SavedQueryUpdateBodySchema = SavedQueryBodySchema.partial();
export type SavedQueryUpdateBody = z.infer<typeof SavedQueryUpdateBodySchema>;

/** Bulk delete: `q=!(1,2,3)`. */
export const SavedQueryIdsSchema = z.array(z.number().int().positive()).min(1).max(1000);

/** `_info`: which metadata keys to answer (Superset's get_info_schema). */
export const InfoQSchema = z.object({ keys: z.array(z.enum(['permissions', 'filters', 'add_columns', 'edit_columns'])).optional() }).passthrough();
/** related/distinct lookups for the list's filter dropdowns. */
export const RelatedQSchema = z
  .object({
    filter: z.string().max(256).optional(),
    page: z.number().int().min(0).default(0),
    page_size: z.number().int().min(1).max(1000).default(100),
  })
  .passthrough();
export const ColumnParamsSchema = z.object({ column: z.string().min(1).max(64) });

export const SavedQueryGetQSchema = z.object({ columns: z.array(z.string().max(128)).max(100).optional() }).passthrough();

export const savedQueryRoutes = defineRoutes([
  { name: 'savedQuery.list', method: 'GET', path: '/api/v1/saved_query/', module: 'savedQueries', permission: ['can_read', 'SavedQuery'], q: ListQuerySchema, response: SavedQueryListSchema },
  { name: 'savedQuery.create', method: 'POST', path: '/api/v1/saved_query/', module: 'savedQueries', permission: ['can_write', 'SavedQuery'], body: SavedQueryBodySchema, response: { 201: SavedQueryEchoSchema } },
  { name: 'savedQuery.bulkDelete', method: 'DELETE', path: '/api/v1/saved_query/', module: 'savedQueries', permission: ['can_write', 'SavedQuery'], q: SavedQueryIdsSchema, response: SavedQueryMessageSchema },
  { name: 'savedQuery.info', method: 'GET', path: '/api/v1/saved_query/_info', module: 'savedQueries', permission: ['can_read', 'SavedQuery'], q: InfoQSchema, response: SavedQueryInfoSchema },
  { name: 'savedQuery.related', method: 'GET', path: '/api/v1/saved_query/related/{column}', module: 'savedQueries', permission: ['can_read', 'SavedQuery'], params: ColumnParamsSchema, q: RelatedQSchema, response: SavedQueryChoicesSchema },
  { name: 'savedQuery.distinct', method: 'GET', path: '/api/v1/saved_query/distinct/{column}', module: 'savedQueries', permission: ['can_read', 'SavedQuery'], params: ColumnParamsSchema, q: RelatedQSchema, response: SavedQueryChoicesSchema },
  { name: 'savedQuery.get', method: 'GET', path: '/api/v1/saved_query/{pk}', module: 'savedQueries', permission: ['can_read', 'SavedQuery'], params: IdParamsSchema, q: SavedQueryGetQSchema, response: SavedQueryGetSchema },
  { name: 'savedQuery.update', method: 'PUT', path: '/api/v1/saved_query/{pk}', module: 'savedQueries', permission: ['can_write', 'SavedQuery'], params: IdParamsSchema, body: SavedQueryUpdateBodySchema, response: SavedQueryEchoSchema },
  { name: 'savedQuery.delete', method: 'DELETE', path: '/api/v1/saved_query/{pk}', module: 'savedQueries', permission: ['can_write', 'SavedQuery'], params: IdParamsSchema, response: SavedQueryMessageSchema },
]);
