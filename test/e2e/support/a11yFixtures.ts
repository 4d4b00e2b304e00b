// What the page audits (accessibility, content security policy) open: objects in every list, made
// through the API as admin, with the ids each A11Y_PAGES row's path needs.
import type { A11yFixtures } from './a11yPages';
import type { e2eSession } from './session';

type ApiOk = ReturnType<typeof e2eSession>['apiOk'];

// Something in every list: a saved query, a query in the history, a report and an alert on a chart,
// and a dashboard with charts on the cars dataset (so its filter modal has a dataset to offer).
export async function makeA11yFixtures(api: ApiOk, baseUrl: string): Promise<A11yFixtures> {
  await api('/api/v1/saved_query/', { method: 'POST', json: { db_id: 1, label: 'Cars by origin', description: 'audit', sql: 'SELECT Origin, COUNT(*) FROM cars GROUP BY 1', schema: 'main' } });
  await api('/api/v1/sqllab/execute/', { method: 'POST', json: { database_id: 1, sql: 'SELECT 1 AS audited', schema: 'main', tab: 'Audit', client_id: `a11y${Date.now().toString(36)}` } });
  const charts = await api(`/api/v1/chart/?q=(page_size:100)`);
  const byName = (name: string) => charts.result.find((c: any) => c.slice_name === name).id as number;
  const ids = [byName('Cars per origin and cylinders'), byName('Distribution of car horsepower')];
  const layout: Record<string, unknown> = {
    DASHBOARD_VERSION_KEY: 'v2',
    ROOT_ID: { id: 'ROOT_ID', type: 'ROOT', children: ['GRID_ID'], meta: {} },
    GRID_ID: { id: 'GRID_ID', type: 'GRID', children: ['ROW-1'], parents: ['ROOT_ID'], meta: {} },
    'ROW-1': { id: 'ROW-1', type: 'ROW', children: ids.map((id) => `CHART-${id}`), parents: ['ROOT_ID', 'GRID_ID'], meta: {} },
  };
  for (const id of ids) layout[`CHART-${id}`] = { id: `CHART-${id}`, type: 'CHART', children: [], parents: ['ROOT_ID', 'GRID_ID', 'ROW-1'], meta: { chartId: id, width: 6, height: 50 } };
  const dashboard = await api('/api/v1/dashboard/', { method: 'POST', json: { dashboard_title: 'Audit board', position_json: JSON.stringify(layout), published: true } });
  const recipients = [{ type: 'Email', recipient_config_json: { target: 'audit@example.com' } }];
  const report = await api('/api/v1/report/', { method: 'POST', json: { type: 'Report', name: 'Audit report', crontab: '0 9 * * *', timezone: 'UTC', chart: ids[1], creation_method: 'charts', recipients } });
  const alert = await api('/api/v1/report/', {
    method: 'POST',
    json: { type: 'Alert', name: 'Audit alert', crontab: '0 9 * * *', timezone: 'UTC', chart: ids[1], creation_method: 'alerts_reports', database: 1, sql: 'SELECT 1', validator_type: 'not null', validator_config_json: {}, recipients },
  });
  const layer = await api('/api/v1/annotation_layer/', { method: 'POST', json: { name: 'Audit layer', descr: 'audit' } });
  await api(`/api/v1/annotation_layer/${layer.id}/annotation/`, { method: 'POST', json: { short_descr: 'Audit note', long_descr: 'audit', start_dttm: '2013-07-01T00:00:00', end_dttm: '2013-07-02T00:00:00' } });
  await api(`/api/v1/tag/3/${dashboard.id}/`, { method: 'POST', json: { properties: { tags: ['audit'] } } });
  const tagId = (await api(`/api/v1/dashboard/${dashboard.id}`)).result.tags.find((t: { name: string }) => t.name === 'audit').id as number;
  return { baseUrl, chartId: ids[1], dashboardId: dashboard.id, annotationLayerId: layer.id, tagId, reportId: report.id, alertId: alert.id };
}
