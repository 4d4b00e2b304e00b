// Chart operations (Superset's ChartRestApi): create needs can_write on Chart; change and delete need
// ownership (or Admin), else 403 MISSING_OWNERSHIP_ERROR; reads are limited to charts whose dataset
// the user may read (Superset's ChartFilter), any other chart answering 404 as if it did not exist.
import { SupersetError, notFound } from '../../shared/errors';
import type { ChartPostBody, ChartPutBody } from '../../shared/routes/charts';
import { userIsAdmin } from '../../shared/security/permissions';
import { requirePermission } from '../http/authz';
import type { Identity } from '../http/identity';
import { json, type RawResponse } from '../http/respond';
import type { Ports } from '../ports/index';
import { nextId } from '../ports/counters';
import { ChangedSinceRead } from '../ports/tables';
import { selectColumns } from '../lists/select';
import { findDataset } from '../datasets/repository';
import { canReadDatasource } from './datasource';
import { checkDatasource, checkJsonFields, ownerList } from './payload';
import { checkDashboards, syncDashboards } from './dashboards';
import { chartRelated, SHOW_COLUMNS, toChartDict } from './present';
import { deleteChartItem, findChart, putChart, type ChartRecord } from './repository';
import { checkTagIds, replaceCustomTags } from '../tags/replaceTags';
import { dropObjectTags, syncSystemTags } from '../tags/systemTags';

export const VIEW = 'Chart';
export const chartNotFound = () => notFound('Not found');
const forbiddenChange = () => new SupersetError('MISSING_OWNERSHIP_ERROR', 'Changing this chart is forbidden', { status: 403 });

export const ownsChart = (user: Identity, chart: ChartRecord) => userIsAdmin(user) || chart.owners.includes(user.userId);

/** Whether the user may see the chart: admins and owners always, others when they may read its dataset. */
export async function canSeeChart(ports: Ports, user: Identity, chart: ChartRecord): Promise<boolean> {
  if (ownsChart(user, chart)) return true;
  const dataset = await findDataset(ports, chart.datasource_id);
  return Boolean(dataset && (await canReadDatasource(ports, user, dataset)));
}

/** The chart if the user may see it, else 404. */
export async function readableChart(ports: Ports, user: Identity, id: number): Promise<ChartRecord> {
  const chart = await findChart(ports, id);
  if (!chart || !(await canSeeChart(ports, user, chart))) throw chartNotFound();
  return chart;
}

async function ownedChart(ports: Ports, user: Identity, id: number): Promise<ChartRecord> {
  const chart = await readableChart(ports, user, id);
  if (!ownsChart(user, chart)) throw forbiddenChange();
  return chart;
}

export async function createChart(ports: Ports, user: Identity, body: ChartPostBody): Promise<RawResponse> {
  requirePermission(user, 'can_write', VIEW);
  checkJsonFields(body);
  await checkDatasource(ports, user, body.datasource_id, body.datasource_type);
  const owners = await ownerList(ports, user, body.owners);
  await checkDashboards(ports, body.dashboards);
  const now = ports.clock.now();
  const chart: ChartRecord = {
    id: await nextId(ports.tables, 'chart'),
    uuid: ports.ids.uuid(),
    slice_name: body.slice_name,
    description: body.description ?? null,
    viz_type: body.viz_type ?? 'table',
    params: body.params ?? '{}',
    query_context: body.query_context ?? null,
    query_context_generation: body.query_context_generation ?? null,
    cache_timeout: body.cache_timeout ?? null,
    datasource_id: body.datasource_id,
    datasource_type: body.datasource_type,
    dashboards: [...new Set(body.dashboards ?? [])],
    owners,
    certified_by: body.certified_by ?? null,
    certification_details: body.certification_details ?? null,
    is_managed_externally: body.is_managed_externally ?? false,
    external_url: body.external_url ?? null,
    created_on: now,
    changed_on: now,
    created_by: user.userId,
    changed_by: user.userId,
    last_saved_at: now,
    last_saved_by: user.userId,
  };
  await putChart(ports, chart);
  await syncDashboards(ports, chart.id, [], chart.dashboards);
  await syncSystemTags(ports, { type: 'chart', id: chart.id }, chart.owners);
  return json(201, { id: chart.id, result: body });
}

export async function getChart(ports: Ports, user: Identity, id: number, q: { columns?: string[] } = {}) {
  requirePermission(user, 'can_read', VIEW);
  const chart = await readableChart(ports, user, id);
  const dict = await toChartDict(chart, chartRelated(ports), ports.clock.now());
  return {
    id: chart.id,
    result: selectColumns(dict, q.columns?.length ? q.columns : SHOW_COLUMNS),
    show_columns: SHOW_COLUMNS,
    show_title: 'Show Slice',
  };
}

/** Superset lets anyone who can read a chart store a regenerated query_context (no other change). */
const isQueryContextOnly = (body: ChartPutBody) =>
  body.query_context_generation === true && Object.keys(body).every((k) => k === 'query_context' || k === 'query_context_generation');

export async function updateChart(ports: Ports, user: Identity, id: number, body: ChartPutBody) {
  requirePermission(user, 'can_write', VIEW);
  checkJsonFields(body);
  const current = isQueryContextOnly(body) ? await readableChart(ports, user, id) : await ownedChart(ports, user, id);
  // Saved by someone else (another tab) since the editor loaded it: refused, nothing written.
  if (body.last_modified_time !== undefined && Math.abs(body.last_modified_time - current.changed_on / 1000) > 0.0005) throw new ChangedSinceRead('chart');
  const datasourceId = body.datasource_id ?? current.datasource_id;
  const datasourceType = body.datasource_type ?? current.datasource_type;
  if (datasourceId !== current.datasource_id || datasourceType !== current.datasource_type) {
    await checkDatasource(ports, user, datasourceId, datasourceType);
  }
  if (body.tags !== undefined) await checkTagIds(ports, body.tags);
  await checkDashboards(ports, body.dashboards);
  const now = ports.clock.now();
  const next: ChartRecord = {
    ...current,
    datasource_id: datasourceId,
    datasource_type: datasourceType,
    owners: body.owners !== undefined ? await ownerList(ports, user, body.owners, current.owners) : current.owners,
    dashboards: body.dashboards !== undefined ? [...new Set(body.dashboards)] : current.dashboards,
    changed_on: now,
    changed_by: user.userId,
    last_saved_at: now,
    last_saved_by: user.userId,
  };
  const nullable = ['description', 'query_context', 'query_context_generation', 'cache_timeout', 'certified_by', 'certification_details', 'external_url'] as const;
  for (const key of nullable) if (body[key] !== undefined) (next as unknown as Record<string, unknown>)[key] = body[key];
  if (body.slice_name) next.slice_name = body.slice_name;
  if (body.viz_type) next.viz_type = body.viz_type;
  if (body.params !== undefined) next.params = body.params ?? '{}';
  if (body.is_managed_externally !== undefined && body.is_managed_externally !== null) next.is_managed_externally = body.is_managed_externally;
  // Superset clears certification details together with the certifier.
  if (!next.certified_by) next.certification_details = null;
  await putChart(ports, next, { basedOn: current });
  await syncDashboards(ports, id, current.dashboards, next.dashboards);
  if (body.tags !== undefined) await replaceCustomTags(ports, { type: 'chart', id }, body.tags);
  if (body.owners !== undefined) await syncSystemTags(ports, { type: 'chart', id }, next.owners);
  const { last_modified_time: _read, ...result } = body;
  return { id, result, last_modified_time: next.changed_on / 1000 };
}

export async function deleteChart(ports: Ports, user: Identity, id: number) {
  requirePermission(user, 'can_write', VIEW);
  const chart = await ownedChart(ports, user, id);
  await deleteChartItem(ports, id);
  await dropObjectTags(ports, 'chart', id);
  await syncDashboards(ports, id, chart.dashboards, []);
  return { message: 'OK' };
}

/** DELETE /?q=!(ids): all or nothing; a missing chart is 404, one the user does not own 403. */
export async function bulkDeleteCharts(ports: Ports, user: Identity, ids: number[]) {
  requirePermission(user, 'can_write', VIEW);
  const unique = [...new Set(ids)];
  const charts = await Promise.all(unique.map((id) => readableChart(ports, user, id)));
  if (charts.some((c) => !ownsChart(user, c))) throw forbiddenChange();
  for (const c of charts) {
    await deleteChartItem(ports, c.id);
    await dropObjectTags(ports, 'chart', c.id);
    await syncDashboards(ports, c.id, c.dashboards, []);
  }
  const n = unique.length;
  return { message: n === 1 ? 'Deleted 1 chart' : `Deleted ${n} charts` };
}
