// Tags (Superset's TagRestApi, /api/v1/tag/): list, create, show, update, delete and bulk delete of
// tags; tagging and untagging a chart, dashboard or saved query; the objects carrying some tags (the
// all-entities page); bulk create; favorites. The object type in a path is Superset's number (1 query,
// 2 chart, 3 dashboard) or its name; it sits where other tag paths hold {pk}, so that position has one
// parameter name for API Gateway.
import { z } from 'zod';
import { defineRoutes } from './route';
import { IdParamsSchema, ListQuerySchema } from '../schemas/common';
import {
  MessageSchema,
  TagBulkCreateSchema,
  TagFavoriteStatusSchema,
  TagGetSchema,
  TagListSchema,
  TagObjectAnswerSchema,
  TagResultOkSchema,
  TagSaveSchema,
  TaggedObjectsSchema,
} from '../schemas/responses/tags';

const ObjectToTagSchema = z.tuple([z.string().min(1).max(32), z.number().int().min(1)]);

/** Superset's TagPostSchema / TagPutSchema: unknown fields are refused (400). */
export const TagPostBodySchema = z.strictObject({
  name: z.string().min(1).max(250),
  description: z.string().max(65_536).nullish(),
  objects_to_tag: z.array(ObjectToTagSchema).max(1000).optional(),
});
export type TagPostBody = z.infer<typeof TagPostBodySchema>;
export const TagPutBodySchema = TagPostBodySchema.partial();
export type TagPutBody = z.infer<typeof TagPutBodySchema>;

export const TagBulkBodySchema = z.strictObject({
  tags: z.array(z.strictObject({ name: z.string().min(1).max(250), description: z.string().max(65_536).nullish(), objects_to_tag: z.array(ObjectToTagSchema).max(1000).optional() })).max(100),
});
export type TagBulkBody = z.infer<typeof TagBulkBodySchema>;

/** POST /{object_type}/{object_id}/: {"properties": {"tags": [names]}} (checked by the service for Superset's message). */
export const TagObjectBodySchema = z.object({ properties: z.object({ tags: z.array(z.string().max(250)).max(100).optional() }).passthrough().optional() }).passthrough();
export type TagObjectBody = z.infer<typeof TagObjectBodySchema>;

export const ObjectParamsSchema = z.object({ pk: z.string().min(1).max(32), object_id: z.coerce.number().int().positive() });
export const UntagParamsSchema = ObjectParamsSchema.extend({ tag: z.string().min(1).max(250) });
export const TagNamesSchema = z.array(z.string().min(1).max(250)).min(1).max(1000);
export const TagIdsSchema = z.array(z.number().int().positive()).min(1).max(1000);
export const GetObjectsQuerySchema = z.object({
  tags: z.string().max(10_000).optional(),
  tagIds: z.string().max(10_000).optional(),
  types: z.string().max(200).optional(),
}).passthrough();

export const tagRoutes = defineRoutes([
  { name: 'tag.list', method: 'GET', path: '/api/v1/tag/', module: 'tags', permission: ['can_read', 'Tag'], q: ListQuerySchema, response: TagListSchema },
  { name: 'tag.create', method: 'POST', path: '/api/v1/tag/', module: 'tags', permission: ['can_write', 'Tag'], body: TagPostBodySchema, response: { 201: TagSaveSchema } },
  { name: 'tag.bulkDelete', method: 'DELETE', path: '/api/v1/tag/', module: 'tags', permission: ['can_write', 'Tag'], q: TagNamesSchema, response: MessageSchema },
  { name: 'tag.bulkCreate', method: 'POST', path: '/api/v1/tag/bulk_create', module: 'tags', permission: ['can_write', 'Tag'], body: TagBulkBodySchema, response: TagBulkCreateSchema },
  { name: 'tag.getObjects', method: 'GET', path: '/api/v1/tag/get_objects/', module: 'tags', permission: ['can_read', 'Tag'], query: GetObjectsQuerySchema, response: TaggedObjectsSchema },
  { name: 'tag.favoriteStatus', method: 'GET', path: '/api/v1/tag/favorite_status/', module: 'tags', permission: ['can_read', 'Tag'], q: TagIdsSchema, response: TagFavoriteStatusSchema },
  { name: 'tag.get', method: 'GET', path: '/api/v1/tag/{pk}', module: 'tags', permission: ['can_read', 'Tag'], params: IdParamsSchema, response: TagGetSchema },
  { name: 'tag.update', method: 'PUT', path: '/api/v1/tag/{pk}', module: 'tags', permission: ['can_write', 'Tag'], params: IdParamsSchema, body: TagPutBodySchema, response: TagSaveSchema },
  { name: 'tag.delete', method: 'DELETE', path: '/api/v1/tag/{pk}', module: 'tags', permission: ['can_write', 'Tag'], params: IdParamsSchema, response: MessageSchema },
  { name: 'tag.addFavorite', method: 'POST', path: '/api/v1/tag/{pk}/favorites/', module: 'tags', permission: ['can_read', 'Tag'], params: IdParamsSchema, response: TagResultOkSchema },
  { name: 'tag.removeFavorite', method: 'DELETE', path: '/api/v1/tag/{pk}/favorites/', module: 'tags', permission: ['can_read', 'Tag'], params: IdParamsSchema, response: TagResultOkSchema },
  { name: 'tag.tagObject', method: 'POST', path: '/api/v1/tag/{pk}/{object_id}/', module: 'tags', permission: ['can_write', 'Tag'], params: ObjectParamsSchema, body: TagObjectBodySchema, response: { 201: TagObjectAnswerSchema } },
  { name: 'tag.untagObject', method: 'DELETE', path: '/api/v1/tag/{pk}/{object_id}/{tag}/', module: 'tags', permission: ['can_write', 'Tag'], params: UntagParamsSchema, response: MessageSchema },
]);
