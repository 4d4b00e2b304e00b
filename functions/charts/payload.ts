// The save payload's field rules (Superset's ChartPostSchema / ChartPutSchema validators and the
// create/update commands' checks): JSON text fields, an existing datasource the user may read, owners
// that exist. Failures are Superset's 400 (schema) and 422 (command) bodies.
import { badRequest, unprocessable } from '../../shared/errors';
import { userIsAdmin } from '../../shared/security/permissions';
import type { Identity } from '../http/identity';
import type { Ports } from '../ports/index';
import { getUserById } from '../platform/users';
import { canReadDatasource, loadDatasource } from './datasource';

/** params and query_context must be JSON text (Superset's validate_json: 'JSON not valid'). */
export function checkJsonFields(body: { params?: string | null; query_context?: string | null }) {
  const messages: Record<string, string[]> = {};
  for (const field of ['params', 'query_context'] as const) {
    const value = body[field];
    if (value === undefined || value === null || value === '') continue;
    try {
      JSON.parse(value);
    } catch {
      messages[field] = ['JSON not valid'];
    }
  }
  if (Object.keys(messages).length) throw badRequest('JSON not valid', { messages });
}

export async function checkDatasource(ports: Ports, user: Identity, id: number, type: string) {
  const found = await loadDatasource(ports, id, type);
  if (!found || !(await canReadDatasource(ports, user, found.dataset))) {
    throw unprocessable('Datasource does not exist', { messages: { datasource_id: ['Datasource does not exist'] } });
  }
  return found;
}

/**
 * Superset's compute_owner_list: the owners sent (or the caller when none are), with the caller
 * added unless an admin; every owner must exist.
 */
export async function ownerList(ports: Ports, user: Identity, sent: number[] | undefined, current?: number[]): Promise<number[]> {
  const base = sent ?? current ?? [user.userId];
  const owners = new Set(base);
  if (!userIsAdmin(user) && sent !== undefined) owners.add(user.userId);
  for (const id of owners) {
    if (id !== user.userId && !(await getUserById(ports, id))) {
      throw unprocessable('Owners are invalid', { messages: { owners: ['Owners are invalid'] } });
    }
  }
  return [...owners];
}
