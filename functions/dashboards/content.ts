// What the dashboard page renders from, in two calls (Superset's /{id_or_slug}/charts and
// /{id_or_slug}/datasets): the charts the user may see, and the datasets behind them.
import { findDatabases } from '../databases/repository';
import { findDatasets } from '../datasets/repository';
import { datasourceData, type People } from '../datasets/present';
import { getUsersByIds } from '../platform/users';
import { canReadDatasource } from '../charts/datasource';
import { chartFormData, sliceUrl, thumbnailUrl } from '../charts/present';
import { findCharts } from '../charts/repository';
import { isoNaive } from '../savedQueries/humanize';
import { requirePermission } from '../http/authz';
import type { Identity } from '../http/identity';
import type { Ports } from '../ports/index';
import { VIEW, readableDashboard } from './access';

export async function dashboardCharts(ports: Ports, user: Identity, idOrSlug: string) {
  requirePermission(user, 'can_read', VIEW);
  const dashboard = await readableDashboard(ports, user, idOrSlug);
  const charts = await findCharts(ports, dashboard.slice_ids);
  return {
    result: charts.map((c) => ({
      id: c.id,
      uuid: c.uuid,
      slice_name: c.slice_name,
      viz_type: c.viz_type,
      cache_timeout: c.cache_timeout,
      changed_on: isoNaive(c.changed_on),
      description: c.description,
      description_markeddown: c.description ?? '',
      form_data: { ...chartFormData(c), dashboardId: dashboard.id },
      query_context: c.query_context,
      slice_url: sliceUrl(c),
      thumbnail_url: thumbnailUrl(c),
      certified_by: c.certified_by,
      certification_details: c.certification_details,
      is_managed_externally: c.is_managed_externally,
      datasource_id: c.datasource_id,
      datasource_type: c.datasource_type,
    })),
  };
}

export async function dashboardDatasets(ports: Ports, user: Identity, idOrSlug: string) {
  requirePermission(user, 'can_read', VIEW);
  const dashboard = await readableDashboard(ports, user, idOrSlug);
  // Batch reads: the charts, then their datasets, then their databases and owners.
  const charts = await findCharts(ports, dashboard.slice_ids);
  const datasets = await findDatasets(ports, charts.map((c) => c.datasource_id));
  const [dbById, owners] = await Promise.all([
    findDatabases(ports, datasets.map((d) => d.database_id)),
    getUsersByIds(ports, datasets.flatMap((d) => d.owners)),
  ]);
  const result: Record<string, unknown>[] = [];
  for (const dataset of datasets) {
    const db = dbById.get(dataset.database_id);
    if (!db || !(await canReadDatasource(ports, user, dataset, db))) continue;
    const people: People = new Map();
    for (const id of dataset.owners) {
      const u = owners.get(id);
      if (u) people.set(id, { id, first_name: u.first_name, last_name: u.last_name, username: u.username });
    }
    result.push(datasourceData(dataset, db, people));
  }
  return { result };
}
