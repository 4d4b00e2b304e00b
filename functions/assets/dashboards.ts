// Dashboards in a bundle: dashboards/<title>_<id>.yaml (ImportV1DashboardSchema), the layout as
// `position` (CHART nodes with the chart's uuid) and json_metadata as `metadata`. On import the
// layout's chart ids and the metadata's chart and dataset references become the local ones.
import { claimSlug, findDashboardIdBySlug, listDashboardRecords, putDashboard, releaseSlug, type DashboardRecord } from '../dashboards/repository';
import { syncChartMembership } from '../dashboards/membership';
import { findDatasetByUuid } from '../datasets/repository';
import { nextId } from '../ports/counters';
import { EXPORT_VERSION, fileError } from './bundle';
import { findChartByUuid } from './charts';
import { jsonObject, type ImportContext } from './context';
import { chartNodes, remapChartIds, targetsToIds } from './dashboardRefs';
import { fileStem } from './names';
import type { DashboardFile } from './schemas';

export const dashboardFile = (d: DashboardRecord) => `dashboards/${fileStem(d.dashboard_title, 'dashboard')}_${d.id}.yaml`;

type Json = Record<string, unknown>;
const objectOf = (text: string | null): Json => {
  const v = jsonObject(text);
  return v && typeof v === 'object' && !Array.isArray(v) ? (v as Json) : {};
};

/** One dashboard as ImportV1DashboardSchema names its fields; position and metadata already portable. */
export function dashboardYaml(d: DashboardRecord, position: Json, metadata: Json) {
  return {
    dashboard_title: d.dashboard_title,
    description: null,
    css: d.css || null,
    slug: d.slug,
    certified_by: d.certified_by,
    certification_details: d.certification_details,
    published: d.published,
    uuid: d.uuid,
    position,
    metadata,
    version: EXPORT_VERSION,
  };
}

export const positionOf = (d: DashboardRecord) => objectOf(d.position_json);
export const metadataOf = (d: DashboardRecord) => objectOf(d.json_metadata);

async function findLocal(ctx: ImportContext, config: DashboardFile): Promise<DashboardRecord | null> {
  const all = await listDashboardRecords(ctx.ports);
  const byUuid = all.find((d) => d.uuid === config.uuid);
  if (byUuid) return byUuid;
  const slugId = config.slug ? await findDashboardIdBySlug(ctx.ports, config.slug) : null;
  return slugId === null ? null : (all.find((d) => d.id === slugId) ?? null);
}

/** The layout with local chart ids, and the map from the bundle's chart ids to them. */
async function localLayout(ctx: ImportContext, file: string, position: Json) {
  const idMap = new Map<number, number>();
  const out: Json = { ...position };
  for (const [key, node] of chartNodes(position)) {
    const uuid = node.meta?.uuid;
    if (typeof uuid !== 'string') continue;
    const chart = ctx.charts.get(uuid) ?? (await findChartByUuid(ctx, uuid));
    if (!chart) throw fileError(file, `position.${key}.meta.uuid`, `Chart ${uuid} is neither in the bundle nor here`);
    if (typeof node.meta?.chartId === 'number') idMap.set(node.meta.chartId, chart.id);
    out[key] = { ...node, meta: { ...node.meta, chartId: chart.id } };
  }
  // A node whose chart the bundle does not name (no uuid) cannot be placed: it keeps no chart.
  const sliceIds = [...idMap.values()];
  return { position: out, idMap, sliceIds: [...new Set(sliceIds)] };
}

async function localMetadata(ctx: ImportContext, file: string, metadata: Json, idMap: Map<number, number>) {
  const datasetIds = new Map<string, number>();
  for (const f of Array.isArray(metadata.native_filter_configuration) ? metadata.native_filter_configuration : []) {
    for (const t of (f as { targets?: unknown[] }).targets ?? []) {
      const uuid = (t as { datasetUuid?: unknown })?.datasetUuid;
      if (typeof uuid !== 'string' || datasetIds.has(uuid)) continue;
      const dataset = ctx.datasets.get(uuid) ?? (await findDatasetByUuid(ctx.ports, uuid));
      if (dataset) datasetIds.set(uuid, dataset.id);
    }
  }
  const missing = (uuid: string): never => {
    throw fileError(file, 'metadata.native_filter_configuration', `Dataset ${uuid} is neither in the bundle nor here`);
  };
  return remapChartIds(targetsToIds(metadata, (uuid) => datasetIds.get(uuid), missing), idMap);
}

export async function importDashboard(ctx: ImportContext, file: string, config: DashboardFile, overwrite: boolean): Promise<DashboardRecord> {
  const existing = await findLocal(ctx, config);
  if (existing && !overwrite) return existing;
  const layout = await localLayout(ctx, file, config.position ?? {});
  const metadata = await localMetadata(ctx, file, config.metadata ?? {}, layout.idMap);
  const id = existing?.id ?? (await nextId(ctx.ports.tables, 'dashboard'));
  const slug = config.slug?.trim() || null;
  if (slug && slug !== existing?.slug) {
    try {
      await claimSlug(ctx.ports, slug, id);
    } catch {
      throw fileError(file, 'slug', 'Must be unique');
    }
  }
  const now = ctx.ports.clock.now();
  const title = config.dashboard_title || '[ untitled dashboard ]';
  const dashboard: DashboardRecord = {
    id,
    uuid: config.uuid,
    dashboard_title: title,
    slug,
    css: config.css ?? '',
    position_json: Object.keys(layout.position).length ? JSON.stringify(layout.position) : null,
    json_metadata: JSON.stringify(metadata),
    published: config.published ?? false,
    certified_by: config.certified_by || null,
    certification_details: config.certified_by ? (config.certification_details ?? null) : null,
    owners: existing?.owners ?? [ctx.user.userId],
    roles: existing?.roles ?? [],
    slice_ids: layout.sliceIds,
    is_managed_externally: existing?.is_managed_externally ?? false,
    external_url: existing?.external_url ?? null,
    created_on: existing?.created_on ?? now,
    changed_on: Math.max(now, (existing?.changed_on ?? 0) + 1),
    created_by: existing?.created_by ?? ctx.user.userId,
    changed_by: ctx.user.userId,
  };
  await putDashboard(ctx.ports, dashboard);
  if (existing?.slug && existing.slug !== slug) await releaseSlug(ctx.ports, existing.slug);
  await syncChartMembership(ctx.ports, id, existing?.slice_ids ?? [], layout.sliceIds);
  return dashboard;
}
