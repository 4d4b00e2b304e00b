// The "related" lookups of list pages (Superset's /related/<column>): users to pick in owner,
// created_by and changed_by filters, and every role (built-in and custom) for dashboards and RLS rules.
import { badRequest } from '../../shared/errors';
import type { Ports } from '../ports/index';
import { listUsers } from './users';
import { listRoles } from '../security/roleStore';

const USER_COLUMNS = ['owners', 'created_by', 'changed_by', 'last_saved_by'];

export interface RelatedQuery {
  filter?: string;
  page: number;
  page_size: number;
}

export async function relatedChoices(ports: Ports, column: string, q: RelatedQuery, allowed: string[] = USER_COLUMNS) {
  if (!allowed.includes(column)) throw badRequest(`Related field ${column} is not allowed`);
  const needle = (q.filter ?? '').toLowerCase();
  const choices =
    column === 'roles'
      ? (await listRoles(ports)).map((r) => ({ value: r.id, text: r.name }))
      : (await listUsers(ports)).map((u) => ({ value: u.id, text: `${u.first_name} ${u.last_name}`.trim(), extra: { active: u.active, email: u.email } }));
  const matching = choices.filter((c) => c.text.toLowerCase().includes(needle)).sort((a, b) => a.text.localeCompare(b.text));
  return { count: matching.length, result: matching.slice(q.page * q.page_size, (q.page + 1) * q.page_size) };
}
