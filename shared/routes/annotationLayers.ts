// Annotation layers and their annotations (Superset's AnnotationLayerRestApi and AnnotationRestApi):
// /api/v1/annotation_layer/ and /api/v1/annotation_layer/{pk}/annotation/.
import { z } from 'zod';
import { defineRoutes } from './route';
import {
  AnnotationEchoSchema,
  AnnotationGetSchema,
  AnnotationLayerEchoSchema,
  AnnotationLayerGetSchema,
  AnnotationLayerInfoSchema,
  AnnotationLayerListSchema,
  AnnotationListSchema,
} from '../schemas/responses/annotationLayers';
import { ChoicesSchema, MessageSchema } from '../schemas/responses/common';
import { IdParamsSchema, ListQuerySchema } from '../schemas/common';

/** AnnotationLayerPostSchema: name required (1-250), descr optional. */
export const AnnotationLayerBodySchema = z.object({
  name: z.string().trim().min(1).max(250),
  descr: z.string().max(65_536).nullish(),
});
export type AnnotationLayerBody = z.infer<typeof AnnotationLayerBodySchema>;
export const AnnotationLayerUpdateBodySchema = AnnotationLayerBodySchema.partial();
export type AnnotationLayerUpdateBody = z.infer<typeof AnnotationLayerUpdateBodySchema>;

/** A date and time as Superset's marshmallow DateTime reads it: ISO 8601, naive meaning UTC. */
const DttmSchema = z
  .string()
  .max(64)
  .refine((s) => /^\d{4}-\d{2}-\d{2}([T ]\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?)?(Z|[+-]\d{2}:?\d{2})?$/.test(s) && !Number.isNaN(Date.parse(s.replace(' ', 'T'))), 'Not a valid datetime.');

/** JSON text or empty, as Superset's validate_json. */
const JsonTextSchema = z
  .string()
  .max(65_536)
  .refine((s) => {
    if (!s.trim()) return true;
    try {
      JSON.parse(s);
      return true;
    } catch {
      return false;
    }
  }, 'JSON not valid');

/** AnnotationPostSchema. */
export const AnnotationBodySchema = z.object({
  short_descr: z.string().trim().min(1).max(500),
  long_descr: z.string().max(65_536).nullish(),
  start_dttm: DttmSchema,
  end_dttm: DttmSchema,
  json_metadata: JsonTextSchema.nullish(),
});
export type AnnotationBody = z.infer<typeof AnnotationBodySchema>;
/** AnnotationPutSchema: any subset. */
export const AnnotationUpdateBodySchema = AnnotationBodySchema.partial();
export type AnnotationUpdateBody = z.infer<typeof AnnotationUpdateBodySchema>;

export const IdsQSchema = z.array(z.number().int().positive()).min(1).max(1000);
export const LayerAnnotationParamsSchema = z.object({
  pk: z.coerce.number().int().positive(),
  annotation_id: z.coerce.number().int().positive(),
});
export const AnnotationInfoQSchema = z.object({ keys: z.array(z.enum(['permissions', 'filters', 'add_columns', 'edit_columns'])).optional() }).passthrough();
export const AnnotationRelatedQSchema = z
  .object({ filter: z.string().max(256).optional(), page: z.number().int().min(0).default(0), page_size: z.number().int().min(1).max(1000).default(100) })
  .passthrough();
const ColumnParamsSchema = z.object({ column: z.string().min(1).max(64) });
const GetQSchema = z.object({ columns: z.array(z.string().max(128)).max(100).optional() }).passthrough();

const LAYERS = '/api/v1/annotation_layer/';
const M = 'annotationLayers';

export const annotationLayerRoutes = defineRoutes([
  { name: 'annotationLayer.list', method: 'GET', path: LAYERS, module: M, permission: ['can_read', 'Annotation'], q: ListQuerySchema, response: AnnotationLayerListSchema },
  { name: 'annotationLayer.create', method: 'POST', path: LAYERS, module: M, permission: ['can_write', 'Annotation'], body: AnnotationLayerBodySchema, response: { 201: AnnotationLayerEchoSchema } },
  { name: 'annotationLayer.bulkDelete', method: 'DELETE', path: LAYERS, module: M, permission: ['can_write', 'Annotation'], q: IdsQSchema, response: MessageSchema },
  { name: 'annotationLayer.info', method: 'GET', path: `${LAYERS}_info`, module: M, permission: ['can_read', 'Annotation'], q: AnnotationInfoQSchema, response: AnnotationLayerInfoSchema },
  { name: 'annotationLayer.related', method: 'GET', path: `${LAYERS}related/{column}`, module: M, permission: ['can_read', 'Annotation'], params: ColumnParamsSchema, q: AnnotationRelatedQSchema, response: ChoicesSchema },
  { name: 'annotationLayer.get', method: 'GET', path: `${LAYERS}{pk}`, module: M, permission: ['can_read', 'Annotation'], params: IdParamsSchema, q: GetQSchema, response: AnnotationLayerGetSchema },
  { name: 'annotationLayer.update', method: 'PUT', path: `${LAYERS}{pk}`, module: M, permission: ['can_write', 'Annotation'], params: IdParamsSchema, body: AnnotationLayerUpdateBodySchema, response: AnnotationLayerEchoSchema },
  { name: 'annotationLayer.delete', method: 'DELETE', path: `${LAYERS}{pk}`, module: M, permission: ['can_write', 'Annotation'], params: IdParamsSchema, response: MessageSchema },
  { name: 'annotation.list', method: 'GET', path: `${LAYERS}{pk}/annotation/`, module: M, permission: ['can_read', 'Annotation'], params: IdParamsSchema, q: ListQuerySchema, response: AnnotationListSchema },
  { name: 'annotation.create', method: 'POST', path: `${LAYERS}{pk}/annotation/`, module: M, permission: ['can_write', 'Annotation'], params: IdParamsSchema, body: AnnotationBodySchema, response: { 201: AnnotationEchoSchema } },
  { name: 'annotation.bulkDelete', method: 'DELETE', path: `${LAYERS}{pk}/annotation/`, module: M, permission: ['can_write', 'Annotation'], params: IdParamsSchema, q: IdsQSchema, response: MessageSchema },
  { name: 'annotation.get', method: 'GET', path: `${LAYERS}{pk}/annotation/{annotation_id}`, module: M, permission: ['can_read', 'Annotation'], params: LayerAnnotationParamsSchema, q: GetQSchema, response: AnnotationGetSchema },
  { name: 'annotation.update', method: 'PUT', path: `${LAYERS}{pk}/annotation/{annotation_id}`, module: M, permission: ['can_write', 'Annotation'], params: LayerAnnotationParamsSchema, body: AnnotationUpdateBodySchema, response: AnnotationEchoSchema },
  { name: 'annotation.delete', method: 'DELETE', path: `${LAYERS}{pk}/annotation/{annotation_id}`, module: M, permission: ['can_write', 'Annotation'], params: LayerAnnotationParamsSchema, response: MessageSchema },
]);
