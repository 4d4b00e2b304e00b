// GET /api/v1/rowlevelsecurity/related/{column}: the choices of the filter modal and list filters
// (datasets by table name, roles, users), for admins.
import { listDatabases } from '../databases/repository';
import { listDatasetsOfDatabase } from '../datasets/repository';
import { requireAdmin } from '../http/authz';
import type { Identity } from '../http/identity';
import type { Ports } from '../ports/index';
import { relatedChoices, type RelatedQuery } from '../platform/related';

export async function rlsRelated(ports: Ports, user: Identity, column: string, q: RelatedQuery) {
  requireAdmin(user);
  if (column !== 'tables') return relatedChoices(ports, column, q, ['roles', 'created_by', 'changed_by']);
  const needle = (q.filter ?? '').toLowerCase();
  const datasets = (await Promise.all((await listDatabases(ports)).map((db) => listDatasetsOfDatabase(ports, db.id)))).flat();
  const choices = datasets
    .map((d) => ({ value: d.id, text: d.schema ? `${d.schema}.${d.table_name}` : d.table_name }))
    .filter((c) => c.text.toLowerCase().includes(needle))
    .sort((a, b) => a.text.localeCompare(b.text));
  return { count: choices.length, result: choices.slice(q.page * q.page_size, (q.page + 1) * q.page_size) };
}
