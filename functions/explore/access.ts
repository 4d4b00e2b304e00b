// Superset's explore check_access: a chart named by id must exist and be visible, and the datasource
// must exist (404) and be readable (403 DATASOURCE_SECURITY_ACCESS_ERROR).
import { readableChart } from '../charts/service';
import { datasourceForData, type Datasource } from '../charts/datasource';
import type { Identity } from '../http/identity';
import type { Ports } from '../ports/index';

export async function checkExploreAccess(
  ports: Ports,
  user: Identity,
  target: { datasource_id: number; datasource_type: string; chart_id?: number | null },
): Promise<Datasource> {
  if (target.chart_id) await readableChart(ports, user, target.chart_id);
  return datasourceForData(ports, user, target.datasource_id, target.datasource_type);
}

/** '{id}__{type}' of form data, as its datasource key. */
export function parseDatasourceKey(value: unknown): { id: number; type: string } | null {
  if (typeof value !== 'string') return null;
  const [id, type] = value.split('__');
  const n = Number(id);
  return Number.isSafeInteger(n) && n > 0 && type ? { id: n, type } : null;
}
