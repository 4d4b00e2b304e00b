// Chart data (Superset's ChartDataRestApi and the legacy explore_json / samples calls).
import { z } from 'zod';
import { defineRoutes } from './route';
import { IdParamsSchema } from '../schemas/common';
import {
  ChartDataAsyncResponseSchema,
  ChartDataQueryContextSchema,
  ChartDataResponseSchema,
  ChartResultFormatSchema,
  ChartResultTypeSchema,
} from '../schemas/chartData';

const Bool = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');
const IntText = z.string().regex(/^\d+$/, 'Not a valid integer.').transform(Number);

/** The query string of POST /api/v1/chart/data: form_data JSON text (slice_id, dashboard_id) and force. */
export const ChartDataQuerySchema = z.object({ form_data: z.string().max(100_000).optional(), force: Bool.optional() }).passthrough();
export const ChartDataByPkQuerySchema = z
  .object({ format: ChartResultFormatSchema.optional(), type: ChartResultTypeSchema.optional(), force: Bool.optional() })
  .passthrough();
export const CacheKeyParamsSchema = z.object({ cache_key: z.string().min(1).max(128) });

/** The legacy explore_json body: form_data as JSON text (form post) or an object. */
export const ExploreJsonBodySchema = z
  .object({ form_data: z.union([z.string().max(1_000_000), z.record(z.string(), z.unknown())]) })
  .passthrough();
export const ExploreJsonQuerySchema = z
  .object({ form_data: z.string().max(100_000).optional(), force: Bool.optional(), csv: Bool.optional(), query: Bool.optional(), results: Bool.optional(), samples: Bool.optional() })
  .passthrough();

export const SamplesQuerySchema = z
  .object({
    datasource_type: z.string().min(1).max(32),
    datasource_id: IntText,
    force: Bool.optional(),
    per_page: IntText.optional(),
    page: IntText.optional(),
  })
  .passthrough();
/** Optional filters of the samples call (drill to detail sends them). */
export const SamplesBodySchema = z
  .object({
    filters: z.array(z.object({ col: z.string(), op: z.string(), val: z.unknown().optional() }).passthrough()).optional(),
    granularity: z.string().nullish(),
    time_range: z.string().nullish(),
    extras: z.record(z.string(), z.unknown()).optional(),
  })
  .passthrough()
  .optional();

const ChartDataAnswer = { 200: ChartDataResponseSchema, 202: ChartDataAsyncResponseSchema };
export const SamplesResponseSchema = z.object({
  result: z.object({
    data: z.array(z.record(z.string(), z.unknown())),
    colnames: z.array(z.string()),
    coltypes: z.array(z.number()),
    rowcount: z.number(),
    total_count: z.number(),
    page: z.number(),
    per_page: z.number(),
  }).passthrough(),
});

export const chartDataRoutes = defineRoutes([
  {
    name: 'chartData.run',
    method: 'POST',
    path: '/api/v1/chart/data',
    module: 'chartData', permission: ['can_read', 'Chart'],
    query: ChartDataQuerySchema,
    body: ChartDataQueryContextSchema,
    response: ChartDataAnswer,
  },
  {
    name: 'chartData.byKey',
    method: 'GET',
    path: '/api/v1/chart/data/{cache_key}',
    module: 'chartData', permission: ['can_read', 'Chart'],
    params: CacheKeyParamsSchema,
    response: ChartDataResponseSchema,
  },
  {
    name: 'chartData.ofChart',
    method: 'GET',
    path: '/api/v1/chart/{pk}/data/',
    module: 'chartData', permission: ['can_read', 'Chart'],
    params: IdParamsSchema,
    query: ChartDataByPkQuerySchema,
    response: ChartDataAnswer,
  },
  {
    name: 'chartData.exploreJson',
    method: 'POST',
    path: '/superset/explore_json/',
    module: 'chartData', permission: ['can_read', 'Chart'],
    query: ExploreJsonQuerySchema,
    body: ExploreJsonBodySchema,
    bodyFormat: 'form',
    response: ChartDataAnswer,
  },
  {
    name: 'chartData.samples',
    method: 'POST',
    path: '/datasource/samples',
    module: 'chartData', permission: ['can_read', 'Chart'],
    query: SamplesQuerySchema,
    body: SamplesBodySchema,
    response: SamplesResponseSchema,
  },
]);
