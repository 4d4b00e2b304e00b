// Explore state (Superset's ExploreRestApi, ExplorePermalinkRestApi, ExploreFormDataRestApi): the state
// the Explore page loads, permalinks, and unsaved form data kept per user and tab.
import { z } from 'zod';
import { defineRoutes } from './route';
import { DATASOURCE_TYPES } from './charts';

const Key = z.object({ key: z.string().min(1).max(128) });
const IntText = z.string().regex(/^\d+$/, 'Not a valid integer.').transform(Number);

export const ExplorePermalinkBodySchema = z
  .object({
    formData: z.record(z.string(), z.unknown()),
    urlParams: z.array(z.tuple([z.string(), z.string()])).nullish(),
  })
  .passthrough();
export type ExplorePermalinkBody = z.infer<typeof ExplorePermalinkBodySchema>;

/** Superset's FormDataPostSchema / FormDataPutSchema: form_data is JSON text. */
export const FormDataBodySchema = z.object({
  datasource_id: z.number().int().positive(),
  datasource_type: z.enum(DATASOURCE_TYPES),
  chart_id: z.number().int().positive().nullish(),
  form_data: z.string().min(1).max(1_000_000),
});
export type FormDataBody = z.infer<typeof FormDataBodySchema>;
export const TabQuerySchema = z.object({ tab_id: IntText.optional() }).passthrough();

export const ExploreQuerySchema = z
  .object({
    form_data_key: z.string().max(128).optional(),
    permalink_key: z.string().max(128).optional(),
    slice_id: IntText.optional(),
    datasource_id: IntText.optional(),
    datasource_type: z.string().max(32).optional(),
  })
  .passthrough();
export type ExploreQuery = z.infer<typeof ExploreQuerySchema>;

const Json = z.record(z.string(), z.unknown());
const GenericType = z.union([z.literal(0), z.literal(1), z.literal(2), z.literal(3)]);
/** The dataset as Explore reads it (Superset's datasource data); what plugins know of it is typed. */
export const ExploreDatasetSchema = z
  .object({
    id: z.number(),
    type: z.string(),
    name: z.string().nullish(),
    table_name: z.string().optional(),
    columns: z.array(
      z
        .object({
          column_name: z.string(),
          verbose_name: z.string().nullish(),
          type: z.string().nullish(),
          is_dttm: z.boolean().optional(),
          type_generic: GenericType.nullish(),
        })
        .passthrough(),
    ),
    metrics: z.array(
      z
        .object({
          metric_name: z.string(),
          verbose_name: z.string().nullish(),
          expression: z.string().optional(),
          d3format: z.string().nullish(),
          currency: z.object({ symbol: z.string(), symbolPosition: z.enum(['prefix', 'suffix']).optional() }).nullish(),
        })
        .passthrough(),
    ),
    verbose_map: z.record(z.string(), z.string()).optional(),
    column_formats: z.record(z.string(), z.string()).optional(),
    main_dttm_col: z.string().nullish(),
  })
  .passthrough();
export const ExploreResponseSchema = z.object({
  result: z.object({
    dataset: ExploreDatasetSchema.nullable(),
    form_data: Json,
    slice: Json.nullable(),
    message: z.string().nullable(),
  }),
});
const KeyResponse = z.object({ key: z.string() });

export const exploreRoutes = defineRoutes([
  { name: 'explore.get', method: 'GET', path: '/api/v1/explore/', module: 'explore', permission: ['can_read', 'Explore'], query: ExploreQuerySchema, response: ExploreResponseSchema },
  {
    name: 'explore.permalinkCreate',
    method: 'POST',
    path: '/api/v1/explore/permalink',
    module: 'explore', permission: ['can_write', 'ExplorePermalinkRestApi'],
    body: ExplorePermalinkBodySchema,
    response: { 201: z.object({ key: z.string(), url: z.string() }) },
  },
  {
    name: 'explore.permalinkGet',
    method: 'GET',
    path: '/api/v1/explore/permalink/{key}',
    module: 'explore', permission: ['can_read', 'ExplorePermalinkRestApi'],
    params: Key,
    response: z.object({ state: Json }),
  },
  {
    name: 'explore.formDataCreate',
    method: 'POST',
    path: '/api/v1/explore/form_data',
    module: 'explore', permission: ['can_write', 'ExploreFormDataRestApi'],
    query: TabQuerySchema,
    body: FormDataBodySchema,
    response: { 201: KeyResponse },
  },
  {
    name: 'explore.formDataUpdate',
    method: 'PUT',
    path: '/api/v1/explore/form_data/{key}',
    module: 'explore', permission: ['can_write', 'ExploreFormDataRestApi'],
    params: Key,
    query: TabQuerySchema,
    body: FormDataBodySchema,
    response: KeyResponse,
  },
  {
    name: 'explore.formDataGet',
    method: 'GET',
    path: '/api/v1/explore/form_data/{key}',
    module: 'explore', permission: ['can_read', 'ExploreFormDataRestApi'],
    params: Key,
    response: z.object({ form_data: z.string() }),
  },
  {
    name: 'explore.formDataDelete',
    method: 'DELETE',
    path: '/api/v1/explore/form_data/{key}',
    module: 'explore', permission: ['can_write', 'ExploreFormDataRestApi'],
    params: Key,
    response: z.object({ message: z.string() }),
  },
]);
