// GET /api/v1/query/?q=(filters,order_column,order_direction,page,page_size): the query history list,
// declared in ./listResource.ts and answered by the list engine.
import type { ListQuery } from '../../shared/schemas/common';
import { requirePermission } from '../http/authz';
import type { Identity } from '../http/identity';
import { runList } from '../lists/engine';
import type { Ports } from '../ports/index';
import { queryList } from './listResource';

export async function listQueries(ports: Ports, user: Identity, q: ListQuery) {
  requirePermission(user, 'can_read', 'Query', 'QUERY_SECURITY_ACCESS_ERROR');
  return runList(queryList, { ports, user }, q);
}
