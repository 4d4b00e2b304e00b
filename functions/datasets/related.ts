// The dataset list's lookups: related_objects of one dataset (charts using it and their dashboards), related/owners|created_by|changed_by|database and distinct/schema for
// the list's filter dropdowns ({count, result: [{value, text}]}, filtered by `filter`, paged).
import { canSeeDatabase } from '../databases/access';
import { listDatabases } from '../databases/repository';
import { listChartsOfDataset } from '../charts/repository';
import { findDashboard } from '../dashboards/repository';
import { requirePermission } from '../http/authz';
import type { Identity } from '../http/identity';
import type { Ports } from '../ports/index';
import { listUsers } from '../platform/users';
import { readable, VIEW } from './access';
import { datasetList } from './listResource';
import { findDataset } from './repository';

interface Lookup {
  filter?: string;
  page: number;
  page_size: number;
}
type Choice = { value: number | string; text: string; extra?: Record<string, unknown> };

function page(choices: Choice[], q: Lookup) {
  const needle = (q.filter ?? '').toLowerCase();
  const kept = choices.filter((c) => c.text.toLowerCase().includes(needle)).sort((a, b) => a.text.localeCompare(b.text));
  return { count: kept.length, result: kept.slice(q.page * q.page_size, (q.page + 1) * q.page_size) };
}

/** GET /api/v1/dataset/{pk}/related_objects. */
export async function datasetRelatedObjects(ports: Ports, user: Identity, id: number) {
  const { dataset } = await readable(ports, user, await findDataset(ports, id));
  const charts = await listChartsOfDataset(ports, dataset.id);
  // The dashboards holding any of those charts, each read once.
  const ids = [...new Set(charts.flatMap((c) => c.dashboards))].sort((a, b) => a - b);
  const dashboards = (await Promise.all(ids.map((d) => findDashboard(ports, d)))).filter((d) => d !== null);
  return {
    charts: { count: charts.length, result: charts.map((c) => ({ id: c.id, slice_name: c.slice_name, viz_type: c.viz_type })) },
    dashboards: {
      count: dashboards.length,
      result: dashboards.map((d) => ({ id: d.id, json_metadata: d.json_metadata, slug: d.slug, title: d.dashboard_title })),
    },
  };
}

/** GET /api/v1/dataset/related/{owners|created_by|changed_by|database}. */
export async function datasetRelated(ports: Ports, user: Identity, column: string, q: Lookup) {
  requirePermission(user, 'can_read', VIEW);
  if (column === 'database') {
    const dbs = (await listDatabases(ports)).filter((db) => canSeeDatabase(user, db));
    return page(dbs.map((db) => ({ value: db.id, text: db.database_name })), q);
  }
  const users = await listUsers(ports);
  return page(users.map((u) => ({ value: u.id, text: `${u.first_name} ${u.last_name}`.trim(), extra: { active: u.active, email: u.email } })), q);
}

/** GET /api/v1/dataset/distinct/{schema|catalog}: the values among the datasets the user sees. */
export async function datasetDistinct(ports: Ports, user: Identity, column: 'schema' | 'catalog', q: Lookup) {
  requirePermission(user, 'can_read', VIEW);
  const env = { ports, user };
  const records = await datasetList.load(env, await datasetList.context(env, { filters: [], page: 0 }), []);
  const values = [...new Set(records.map((d) => d[column]).filter((v): v is string => Boolean(v)))];
  return page(values.map((v) => ({ value: v, text: v })), q);
}
