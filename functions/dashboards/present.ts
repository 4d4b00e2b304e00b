// The dashboard as Superset's API shows it (DashboardGetResponseSchema and the list's columns).
import { roleNameOf } from '../../shared/security/roles';
import type { Ports } from '../ports/index';
import { isoNaive, naturalTime } from '../savedQueries/humanize';
import { chartRelated, type ChartRelated } from '../charts/present';
import { findCharts } from '../charts/repository';
import type { DashboardRecord } from './repository';

export const dashboardUrl = (d: Pick<DashboardRecord, 'id' | 'slug'>) => `/superset/dashboard/${d.slug ?? d.id}/`;

/** Superset's last_modified_time: changed_on in epoch seconds (kept to the millisecond here). */
export const lastModifiedTime = (d: Pick<DashboardRecord, 'changed_on'>) => d.changed_on / 1000;

export const dashboardRelated = (ports: Ports): ChartRelated => chartRelated(ports);

export async function toDashboardDict(ports: Ports, d: DashboardRecord, related: ChartRelated, nowMs: number): Promise<Record<string, unknown>> {
  const [owners, createdBy, changedBy, charts, tags] = await Promise.all([
    Promise.all(d.owners.map((id) => related.user(id))),
    related.user(d.created_by),
    related.user(d.changed_by),
    findCharts(ports, d.slice_ids),
    related.tags('dashboard', d.id),
  ]);
  return {
    id: d.id,
    uuid: d.uuid,
    dashboard_title: d.dashboard_title,
    slug: d.slug,
    url: dashboardUrl(d),
    published: d.published,
    status: d.published ? 'published' : 'draft',
    css: d.css,
    position_json: d.position_json,
    json_metadata: d.json_metadata,
    certified_by: d.certified_by,
    certification_details: d.certification_details,
    owners: owners.filter((o) => o !== null),
    roles: d.roles.map((id) => ({ id, name: roleNameOf(id) ?? String(id) })),
    charts: charts.map((c) => c.slice_name),
    changed_by: changedBy,
    changed_by_name: changedBy ? `${changedBy.first_name} ${changedBy.last_name}`.trim() : '',
    created_by: createdBy,
    changed_on: isoNaive(d.changed_on),
    changed_on_utc: new Date(d.changed_on).toISOString(),
    changed_on_delta_humanized: naturalTime(d.changed_on, nowMs),
    created_on_delta_humanized: naturalTime(d.created_on, nowMs),
    thumbnail_url: null,
    is_managed_externally: d.is_managed_externally,
    external_url: d.external_url,
    tags,
  };
}

export const SHOW_COLUMNS = [
  'id', 'uuid', 'dashboard_title', 'slug', 'url', 'published', 'css', 'position_json', 'json_metadata', 'certified_by',
  'certification_details', 'owners', 'roles', 'charts', 'changed_by', 'changed_by_name', 'created_by', 'changed_on',
  'changed_on_delta_humanized', 'created_on_delta_humanized', 'thumbnail_url', 'is_managed_externally', 'tags',
];

export const LIST_COLUMNS = [
  'id', 'uuid', 'dashboard_title', 'slug', 'url', 'published', 'status', 'certified_by', 'certification_details',
  'changed_by.first_name', 'changed_by.last_name', 'changed_by.id', 'changed_by_name', 'changed_on_utc',
  'changed_on_delta_humanized', 'created_by.first_name', 'created_by.id', 'created_by.last_name',
  'created_on_delta_humanized', 'owners.id', 'owners.first_name', 'owners.last_name', 'roles.id', 'roles.name',
  'thumbnail_url', 'is_managed_externally', 'css', 'json_metadata', 'position_json', 'tags.id', 'tags.name', 'tags.type',
];
