// Query history routes (Superset's QueryRestApi): one query, the editor's periodic refresh, the
// filtered list, and stop.
import { z } from 'zod';
import { defineRoutes } from './route';
import { QueryDictsSchema, QueryGetSchema, QueryListSchema, StopAnswerSchema } from '../schemas/responses/queries';
import { IdParamsSchema, ListQuerySchema } from '../schemas/common';
import { ClientIdSchema } from './sqllab';

export const UpdatedSinceQSchema = z.object({ last_updated_ms: z.number().min(0) });
export type UpdatedSinceQ = z.infer<typeof UpdatedSinceQSchema>;

export const StopQueryBodySchema = z.object({ client_id: ClientIdSchema });
export type StopQueryBody = z.infer<typeof StopQueryBodySchema>;

export const queryRoutes = defineRoutes([
  { name: 'query.list', method: 'GET', path: '/api/v1/query/', module: 'queries', permission: ['can_read', 'Query'], q: ListQuerySchema, response: QueryListSchema },
  { name: 'query.updatedSince', method: 'GET', path: '/api/v1/query/updated_since', module: 'queries', permission: ['can_read', 'Query'], q: UpdatedSinceQSchema, response: QueryDictsSchema },
  { name: 'query.stop', method: 'POST', path: '/api/v1/query/stop', module: 'queries', permission: ['can_read', 'Query'], body: StopQueryBodySchema, response: StopAnswerSchema },
  { name: 'query.get', method: 'GET', path: '/api/v1/query/{pk}', module: 'queries', permission: ['can_read', 'Query'], params: IdParamsSchema, response: QueryGetSchema },
]);
