// Charts (Superset's ChartRestApi, /api/v1/chart/): CRUD, favorites, the owners lookup of the list.
import { z } from 'zod';
import { TagRefSchema } from '../schemas/responses/tags';
import { defineRoutes } from './route';
import { IdParamsSchema, ListQuerySchema, listResponseSchema } from '../schemas/common';

/** Superset's DatasourceType values a chart may name. */
export const DATASOURCE_TYPES = ['table', 'dataset', 'query', 'saved_query', 'view'] as const;

const Ids = z.array(z.number().int().positive()).max(1000);

/** Superset's ChartPostSchema (params and query_context are JSON text, checked by the service). */
export const ChartPostBodySchema = z.object({
  slice_name: z.string().min(1).max(250),
  description: z.string().max(65_536).nullish(),
  viz_type: z.string().min(1).max(250).optional(),
  owners: Ids.optional(),
  params: z.string().max(1_000_000).nullish(),
  query_context: z.string().max(1_000_000).nullish(),
  query_context_generation: z.boolean().nullish(),
  cache_timeout: z.number().int().nullish(),
  datasource_id: z.number().int().positive(),
  datasource_type: z.enum(DATASOURCE_TYPES),
  datasource_name: z.string().max(2000).nullish(),
  dashboards: Ids.optional(),
  certified_by: z.string().max(1000).nullish(),
  certification_details: z.string().max(65_536).nullish(),
  is_managed_externally: z.boolean().nullish(),
  external_url: z.string().max(2048).nullish(),
});
export type ChartPostBody = z.infer<typeof ChartPostBodySchema>;

/**
 * Superset's ChartPutSchema: any subset; slice_name may not become empty. Plus this product's
 * optimistic concurrency, as dashboards have it: `last_modified_time` (epoch seconds) is the version
 * the editor loaded; a chart saved since answers 409 and is left as it is.
 */
export const ChartPutBodySchema = ChartPostBodySchema.extend({
  slice_name: z.string().min(1).max(250).nullish(),
  datasource_id: z.number().int().positive().nullish(),
  datasource_type: z.enum(DATASOURCE_TYPES).nullish(),
  tags: z.array(z.number().int()).optional(),
  last_modified_time: z.number().nonnegative().optional(),
}).partial();
export type ChartPutBody = z.infer<typeof ChartPutBodySchema>;

export const ChartIdsSchema = z.array(z.number().int().positive()).min(1).max(1000);
export const ChartGetQSchema = z.object({ columns: z.array(z.string().max(128)).max(100).optional() }).passthrough();
export const ChartRelatedQSchema = z
  .object({
    filter: z.string().max(256).optional(),
    page: z.number().int().min(0).default(0),
    page_size: z.number().int().min(1).max(1000).default(100),
  })
  .passthrough();
export const ChartRelatedParamsSchema = z.object({ column: z.string().min(1).max(64) });

/** Columns may pick parts of a related user (owners.first_name), so each part is optional. */
const UserRefSchema = z.object({ id: z.number(), first_name: z.string(), last_name: z.string() }).partial();
/** A chart as the show and list calls present it (fields depend on `columns`). */
export const ChartDictSchema = z
  .object({
    id: z.number(),
    uuid: z.string(),
    slice_name: z.string(),
    viz_type: z.string(),
    description: z.string().nullable(),
    datasource_name_text: z.string().nullable(),
    cache_timeout: z.number().nullable(),
    certified_by: z.string().nullable(),
    certification_details: z.string().nullable(),
    params: z.string(),
    form_data: z.record(z.string(), z.unknown()),
    query_context: z.string().nullable(),
    datasource_id: z.number(),
    datasource_type: z.string(),
    owners: z.array(UserRefSchema),
    created_by: UserRefSchema.nullable(),
    changed_by: UserRefSchema.nullable(),
    dashboards: z.array(z.object({ id: z.number(), dashboard_title: z.string().nullable() }).partial()),
    slice_url: z.string(),
    thumbnail_url: z.string(),
    changed_on: z.string(),
    changed_on_delta_humanized: z.string(),
    tags: z.array(TagRefSchema.partial()),
  })
  .partial()
  .passthrough();
export const ChartSaveResponseSchema = z.object({ id: z.number(), result: z.record(z.string(), z.unknown()) });
/** An update's answer also carries the version it wrote, for the editor's next save. */
export const ChartUpdateResponseSchema = ChartSaveResponseSchema.extend({ last_modified_time: z.number() });
export const ChartShowResponseSchema = z.object({ id: z.number(), result: ChartDictSchema }).passthrough();
export const ChartListResponseSchema = listResponseSchema(ChartDictSchema);
const MessageSchema = z.object({ message: z.string() });
const ResultOkSchema = z.object({ result: z.literal('OK') });
export const FavoriteStatusResponseSchema = z.object({ result: z.array(z.object({ id: z.number(), value: z.boolean() })) });
export const RelatedResponseSchema = z.object({
  count: z.number(),
  result: z.array(z.object({ value: z.union([z.number(), z.string()]), text: z.string(), extra: z.record(z.string(), z.unknown()).optional() })),
});

export const chartRoutes = defineRoutes([
  { name: 'chart.list', method: 'GET', path: '/api/v1/chart/', module: 'charts', permission: ['can_read', 'Chart'], q: ListQuerySchema, response: ChartListResponseSchema },
  { name: 'chart.create', method: 'POST', path: '/api/v1/chart/', module: 'charts', permission: ['can_write', 'Chart'], body: ChartPostBodySchema, response: { 201: ChartSaveResponseSchema } },
  { name: 'chart.bulkDelete', method: 'DELETE', path: '/api/v1/chart/', module: 'charts', permission: ['can_write', 'Chart'], q: ChartIdsSchema, response: MessageSchema },
  { name: 'chart.favoriteStatus', method: 'GET', path: '/api/v1/chart/favorite_status/', module: 'charts', permission: ['can_read', 'Chart'], q: ChartIdsSchema, response: FavoriteStatusResponseSchema },
  { name: 'chart.related', method: 'GET', path: '/api/v1/chart/related/{column}', module: 'charts', permission: ['can_read', 'Chart'], params: ChartRelatedParamsSchema, q: ChartRelatedQSchema, response: RelatedResponseSchema },
  { name: 'chart.get', method: 'GET', path: '/api/v1/chart/{pk}', module: 'charts', permission: ['can_read', 'Chart'], params: IdParamsSchema, q: ChartGetQSchema, response: ChartShowResponseSchema },
  { name: 'chart.update', method: 'PUT', path: '/api/v1/chart/{pk}', module: 'charts', permission: ['can_write', 'Chart'], params: IdParamsSchema, body: ChartPutBodySchema, response: ChartUpdateResponseSchema },
  { name: 'chart.delete', method: 'DELETE', path: '/api/v1/chart/{pk}', module: 'charts', permission: ['can_write', 'Chart'], params: IdParamsSchema, response: MessageSchema },
  { name: 'chart.addFavorite', method: 'POST', path: '/api/v1/chart/{pk}/favorites/', module: 'charts', permission: ['can_read', 'Chart'], params: IdParamsSchema, response: ResultOkSchema },
  { name: 'chart.removeFavorite', method: 'DELETE', path: '/api/v1/chart/{pk}/favorites/', module: 'charts', permission: ['can_read', 'Chart'], params: IdParamsSchema, response: ResultOkSchema },
]);
