// Dashboards (Superset's DashboardRestApi, /api/v1/dashboard/): CRUD with the three PUT forms, the two
// calls the page renders from (charts, datasets), copy, favorites, permalinks, colors, related lookups.
import { z } from 'zod';
import { TagRefSchema } from '../schemas/responses/tags';
import { defineRoutes } from './route';
import { IdParamsSchema, ListQuerySchema, StringIdParamsSchema } from '../schemas/common';
import { RelatedResponseSchema, FavoriteStatusResponseSchema } from './charts';
import { TabQuerySchema } from './explore';

const Ids = z.array(z.number().int().positive()).max(1000);
const JsonText = z.string().max(2_000_000);

/** Superset's DashboardPostSchema. */
export const DashboardPostBodySchema = z.object({
  dashboard_title: z.string().max(500).nullish(),
  slug: z.string().max(255).nullish(),
  owners: Ids.optional(),
  roles: Ids.optional(),
  position_json: JsonText.nullish(),
  css: z.string().max(1_000_000).nullish(),
  json_metadata: JsonText.nullish(),
  published: z.boolean().nullish(),
  certified_by: z.string().max(1000).nullish(),
  certification_details: z.string().max(65_536).nullish(),
  is_managed_externally: z.boolean().nullish(),
  external_url: z.string().max(2048).nullish(),
});
export type DashboardPostBody = z.infer<typeof DashboardPostBodySchema>;

/**
 * Superset's DashboardPutSchema, plus this product's optimistic concurrency: `last_modified_time`
 * is the version the editor loaded; a stale one is 409 unless `overwrite_confirmed` is true.
 */
export const DashboardPutBodySchema = DashboardPostBodySchema.extend({
  tags: z.array(z.number().int()).optional(),
  last_modified_time: z.number().nonnegative().optional(),
  overwrite_confirmed: z.boolean().optional(),
}).partial();
export type DashboardPutBody = z.infer<typeof DashboardPutBodySchema>;

/** Superset's DashboardCopySchema. */
export const DashboardCopyBodySchema = z.object({
  dashboard_title: z.string().max(500).nullish(),
  css: z.string().max(1_000_000).nullish(),
  json_metadata: JsonText,
  duplicate_slices: z.boolean().optional(),
});
export type DashboardCopyBody = z.infer<typeof DashboardCopyBodySchema>;

export const DashboardPermalinkBodySchema = z.object({
  dataMask: z.record(z.string(), z.unknown()).nullish(),
  activeTabs: z.array(z.string().max(256)).max(100).nullish(),
  anchor: z.string().max(256).nullish(),
  urlParams: z.array(z.tuple([z.string().max(256), z.string().max(4096)])).max(100).nullish(),
  chartStates: z.record(z.string(), z.unknown()).nullish(),
});
export type DashboardPermalinkBody = z.infer<typeof DashboardPermalinkBodySchema>;

export const DashboardColorsBodySchema = z.object({
  color_namespace: z.string().max(256).nullish(),
  color_scheme: z.string().max(256).nullish(),
  map_label_colors: z.record(z.string(), z.string()).optional(),
  shared_label_colors: z.union([z.array(z.string()), z.record(z.string(), z.string())]).optional(),
  color_scheme_domain: z.array(z.string()).optional(),
  label_colors: z.record(z.string(), z.string()).optional(),
});
export type DashboardColorsBody = z.infer<typeof DashboardColorsBodySchema>;

export const DashboardIdsSchema = z.array(z.number().int().positive()).min(1).max(1000);
export const DashboardRelatedParamsSchema = z.object({ column: z.string().min(1).max(64) });
export const DashboardRelatedQSchema = z
  .object({ filter: z.string().max(256).optional(), page: z.number().int().min(0).default(0), page_size: z.number().int().min(1).max(1000).default(100) })
  .passthrough();
export const PermalinkKeyParamsSchema = z.object({ key: z.string().min(1).max(128) });
/** Superset's TemporaryCachePostSchema / PutSchema: the filter state (data mask) as JSON text. */
export const FilterStateBodySchema = z.object({ value: z.string().min(1).max(1_000_000) });
export type FilterStateBody = z.infer<typeof FilterStateBodySchema>;
const FilterStateParams = IdParamsSchema.extend({ key: z.string().min(1).max(128) });
const KeyAnswer = z.object({ key: z.string() });
/** Superset's DashboardScreenshotPostSchema answer (cache_dashboard_screenshot). */
export const DashboardScreenshotAnswerSchema = z.object({
  cache_key: z.string(),
  dashboard_url: z.string(),
  image_url: z.string(),
  task_status: z.string(),
  task_updated_at: z.string(),
});
/** GET screenshot/{key}: the PNG or PDF itself (not JSON, so not checked), or a presigned link to a file too large for one answer. */
export const DashboardScreenshotFileSchema = z.union([
  z.string(),
  z.object({ result_url: z.string(), file_name: z.string(), expires_in: z.number().int().positive() }),
]);
const ScreenshotParams = IdParamsSchema.extend({ digest: z.string().min(1).max(128) });
export const ScreenshotQuerySchema = z.object({ download_format: z.enum(['png', 'pdf']).default('png') }).passthrough();

const UserRef = z.object({ id: z.number(), first_name: z.string(), last_name: z.string() });
export const DashboardDictSchema = z
  .object({
    id: z.number(),
    uuid: z.string(),
    dashboard_title: z.string(),
    slug: z.string().nullable(),
    url: z.string(),
    published: z.boolean(),
    css: z.string().nullable(),
    position_json: z.string().nullable(),
    json_metadata: z.string().nullable(),
    certified_by: z.string().nullable(),
    certification_details: z.string().nullable(),
    owners: z.array(UserRef),
    roles: z.array(z.object({ id: z.number(), name: z.string() })),
    charts: z.array(z.string()),
    changed_by: UserRef.nullable(),
    changed_by_name: z.string(),
    created_by: UserRef.nullable(),
    changed_on: z.string(),
    changed_on_delta_humanized: z.string(),
    created_on_delta_humanized: z.string(),
    thumbnail_url: z.string().nullable(),
    is_managed_externally: z.boolean(),
    tags: z.array(TagRefSchema.partial()),
  })
  .partial()
  .passthrough();
const Message = z.object({ message: z.string() });
const ResultOk = z.object({ result: z.literal('OK') });

export const dashboardRoutes = defineRoutes([
  { name: 'dashboard.list', method: 'GET', path: '/api/v1/dashboard/', module: 'dashboards', permission: ['can_read', 'Dashboard'], q: ListQuerySchema, response: z.object({ count: z.number(), ids: z.array(z.number()), result: z.array(DashboardDictSchema) }).passthrough() },
  { name: 'dashboard.create', method: 'POST', path: '/api/v1/dashboard/', module: 'dashboards', permission: ['can_write', 'Dashboard'], body: DashboardPostBodySchema, response: { 201: z.object({ id: z.number(), result: z.record(z.string(), z.unknown()) }) } },
  { name: 'dashboard.bulkDelete', method: 'DELETE', path: '/api/v1/dashboard/', module: 'dashboards', permission: ['can_write', 'Dashboard'], q: DashboardIdsSchema, response: Message },
  { name: 'dashboard.favoriteStatus', method: 'GET', path: '/api/v1/dashboard/favorite_status/', module: 'dashboards', permission: ['can_read', 'Dashboard'], q: DashboardIdsSchema, response: FavoriteStatusResponseSchema },
  { name: 'dashboard.related', method: 'GET', path: '/api/v1/dashboard/related/{column}', module: 'dashboards', permission: ['can_read', 'Dashboard'], params: DashboardRelatedParamsSchema, q: DashboardRelatedQSchema, response: RelatedResponseSchema },
  { name: 'dashboard.permalinkGet', method: 'GET', path: '/api/v1/dashboard/permalink/{key}', module: 'dashboards', permission: ['can_read', 'Dashboard'], params: PermalinkKeyParamsSchema, response: z.object({ state: z.record(z.string(), z.unknown()) }) },
  { name: 'dashboard.get', method: 'GET', path: '/api/v1/dashboard/{pk}', module: 'dashboards', permission: ['can_read', 'Dashboard'], params: StringIdParamsSchema, response: z.object({ id: z.number(), result: DashboardDictSchema }).passthrough() },
  { name: 'dashboard.update', method: 'PUT', path: '/api/v1/dashboard/{pk}', module: 'dashboards', permission: ['can_write', 'Dashboard'], params: IdParamsSchema, body: DashboardPutBodySchema, response: z.object({ id: z.number(), result: z.record(z.string(), z.unknown()), last_modified_time: z.number() }) },
  { name: 'dashboard.delete', method: 'DELETE', path: '/api/v1/dashboard/{pk}', module: 'dashboards', permission: ['can_write', 'Dashboard'], params: IdParamsSchema, response: Message },
  { name: 'dashboard.charts', method: 'GET', path: '/api/v1/dashboard/{pk}/charts', module: 'dashboards', permission: ['can_read', 'Dashboard'], params: StringIdParamsSchema, response: z.object({ result: z.array(z.record(z.string(), z.unknown())) }) },
  { name: 'dashboard.datasets', method: 'GET', path: '/api/v1/dashboard/{pk}/datasets', module: 'dashboards', permission: ['can_read', 'Dashboard'], params: StringIdParamsSchema, response: z.object({ result: z.array(z.record(z.string(), z.unknown())) }) },
  { name: 'dashboard.copy', method: 'POST', path: '/api/v1/dashboard/{pk}/copy/', module: 'dashboards', permission: ['can_write', 'Dashboard'], params: IdParamsSchema, body: DashboardCopyBodySchema, response: z.object({ result: z.object({ id: z.number(), last_modified_time: z.number() }) }) },
  { name: 'dashboard.addFavorite', method: 'POST', path: '/api/v1/dashboard/{pk}/favorites/', module: 'dashboards', permission: ['can_read', 'Dashboard'], params: IdParamsSchema, response: ResultOk },
  { name: 'dashboard.removeFavorite', method: 'DELETE', path: '/api/v1/dashboard/{pk}/favorites/', module: 'dashboards', permission: ['can_read', 'Dashboard'], params: IdParamsSchema, response: ResultOk },
  { name: 'dashboard.permalinkCreate', method: 'POST', path: '/api/v1/dashboard/{pk}/permalink', module: 'dashboards', permission: ['can_write', 'DashboardPermalinkRestApi'], params: StringIdParamsSchema, body: DashboardPermalinkBodySchema, response: { 201: z.object({ key: z.string(), url: z.string() }) } },
  { name: 'dashboard.filterStateCreate', method: 'POST', path: '/api/v1/dashboard/{pk}/filter_state', module: 'dashboards', permission: ['can_write', 'DashboardFilterStateRestApi'], params: IdParamsSchema, query: TabQuerySchema, body: FilterStateBodySchema, response: { 201: KeyAnswer } },
  { name: 'dashboard.filterStateUpdate', method: 'PUT', path: '/api/v1/dashboard/{pk}/filter_state/{key}', module: 'dashboards', permission: ['can_write', 'DashboardFilterStateRestApi'], params: FilterStateParams, query: TabQuerySchema, body: FilterStateBodySchema, response: KeyAnswer },
  { name: 'dashboard.filterStateGet', method: 'GET', path: '/api/v1/dashboard/{pk}/filter_state/{key}', module: 'dashboards', permission: ['can_read', 'DashboardFilterStateRestApi'], params: FilterStateParams, response: z.object({ value: z.string() }) },
  { name: 'dashboard.filterStateDelete', method: 'DELETE', path: '/api/v1/dashboard/{pk}/filter_state/{key}', module: 'dashboards', permission: ['can_write', 'DashboardFilterStateRestApi'], params: FilterStateParams, response: Message },
  { name: 'dashboard.cacheScreenshot', method: 'POST', path: '/api/v1/dashboard/{pk}/cache_dashboard_screenshot/', module: 'dashboardScreenshot', permission: ['can_read', 'Dashboard'], params: IdParamsSchema, body: DashboardPermalinkBodySchema, response: { 202: DashboardScreenshotAnswerSchema } },
  { name: 'dashboard.screenshot', method: 'GET', path: '/api/v1/dashboard/{pk}/screenshot/{digest}/', module: 'dashboardScreenshot', permission: ['can_read', 'Dashboard'], params: ScreenshotParams, query: ScreenshotQuerySchema, response: DashboardScreenshotFileSchema },
  { name: 'dashboard.colors', method: 'PUT', path: '/api/v1/dashboard/{pk}/colors', module: 'dashboards', permission: ['can_write', 'Dashboard'], params: IdParamsSchema, body: DashboardColorsBodySchema, response: Message },
]);
