// Row level security filters (Superset's /api/v1/rowlevelsecurity/), for admins.
import { z } from 'zod';
import { defineRoutes } from './route';
import { ChoicesSchema, MessageSchema } from '../schemas/responses/common';
import { RlsEchoSchema, RlsListSchema, RlsShowSchema } from '../schemas/responses/rowLevelSecurity';
import { IdParamsSchema, ListQuerySchema } from '../schemas/common';
import { ColumnParamsSchema, RelatedQSchema } from './savedQueries';

const Ids = z.array(z.number().int().positive()).max(1000);

/** Superset's RLSPostSchema. */
export const RlsBodySchema = z.object({
  name: z.string().min(1).max(255),
  description: z.string().max(65_536).nullish(),
  filter_type: z.enum(['Regular', 'Base']),
  tables: Ids.min(1),
  roles: Ids.default([]),
  group_key: z.string().max(255).nullish(),
  clause: z.string().min(1).max(65_536),
});
export type RlsBody = z.infer<typeof RlsBodySchema>;

/** Superset's RLSPutSchema: any subset. */
export const RlsPutBodySchema = z.object({
  name: z.string().min(1).max(255).optional(),
  description: z.string().max(65_536).nullish(),
  filter_type: z.enum(['Regular', 'Base']).optional(),
  tables: Ids.min(1).optional(),
  roles: Ids.optional(),
  group_key: z.string().max(255).nullish(),
  clause: z.string().min(1).max(65_536).optional(),
});
export type RlsPutBody = z.infer<typeof RlsPutBodySchema>;

export const rowLevelSecurityRoutes = defineRoutes([
  { name: 'rls.list', method: 'GET', path: '/api/v1/rowlevelsecurity/', module: 'rowLevelSecurity', permission: ['can_read', 'RowLevelSecurity'], q: ListQuerySchema, response: RlsListSchema },
  { name: 'rls.create', method: 'POST', path: '/api/v1/rowlevelsecurity/', module: 'rowLevelSecurity', permission: ['can_write', 'RowLevelSecurity'], body: RlsBodySchema, response: { 201: RlsEchoSchema } },
  { name: 'rls.bulkDelete', method: 'DELETE', path: '/api/v1/rowlevelsecurity/', module: 'rowLevelSecurity', permission: ['can_write', 'RowLevelSecurity'], q: Ids.min(1), response: MessageSchema },
  { name: 'rls.related', method: 'GET', path: '/api/v1/rowlevelsecurity/related/{column}', module: 'rowLevelSecurity', permission: ['can_read', 'RowLevelSecurity'], params: ColumnParamsSchema, q: RelatedQSchema, response: ChoicesSchema },
  { name: 'rls.get', method: 'GET', path: '/api/v1/rowlevelsecurity/{pk}', module: 'rowLevelSecurity', permission: ['can_read', 'RowLevelSecurity'], params: IdParamsSchema, response: RlsShowSchema },
  { name: 'rls.update', method: 'PUT', path: '/api/v1/rowlevelsecurity/{pk}', module: 'rowLevelSecurity', permission: ['can_write', 'RowLevelSecurity'], params: IdParamsSchema, body: RlsPutBodySchema, response: RlsEchoSchema },
  { name: 'rls.delete', method: 'DELETE', path: '/api/v1/rowlevelsecurity/{pk}', module: 'rowLevelSecurity', permission: ['can_write', 'RowLevelSecurity'], params: IdParamsSchema, response: MessageSchema },
]);
