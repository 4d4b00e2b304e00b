// The chart as Superset's API shows it: show columns for GET /{pk}, list columns for the list. Users and
// datasets are looked up once per answer (a list shows the same owner and dataset many times).
import { createHash } from 'node:crypto';
import { findDataset } from '../datasets/repository';
import { dashboardTitle } from './dashboards';
import type { Ports } from '../ports/index';
import { getUserById } from '../platform/users';
import { isoNaive, naturalTime } from '../savedQueries/humanize';
import type { ChartRecord } from './repository';
import { tagRefsOf } from '../tags/refs';
import type { TaggableType } from '../../shared/tags/tagNames';

export interface UserRef {
  id: number;
  first_name: string;
  last_name: string;
}

export function chartRelated(ports: Ports) {
  const users = new Map<number, Promise<UserRef | null>>();
  const datasets = new Map<number, Promise<{ table_name: string; schema: string | null } | null>>();
  const dashboards = new Map<number, Promise<string | null>>();
  return {
    user(id: number | null) {
      if (id === null) return Promise.resolve(null);
      if (!users.has(id)) {
        users.set(id, getUserById(ports, id).then((u) => (u ? { id: u.id, first_name: u.first_name, last_name: u.last_name } : null)));
      }
      return users.get(id)!;
    },
    dashboardTitle(id: number) {
      if (!dashboards.has(id)) dashboards.set(id, dashboardTitle(ports, id));
      return dashboards.get(id)!;
    },
    /** The tags an object carries ({id, name, type}). */
    tags: (type: TaggableType, id: number) => tagRefsOf(ports, type, id),
    dataset(id: number) {
      if (!datasets.has(id)) {
        datasets.set(id, findDataset(ports, id).then((d) => (d ? { table_name: d.table_name, schema: d.schema } : null)));
      }
      return datasets.get(id)!;
    },
  };
}
export type ChartRelated = ReturnType<typeof chartRelated>;

/** The chart's params as an object ({} when the stored text is not an object). */
export function parseParams(text: string | null): Record<string, unknown> {
  try {
    const parsed = JSON.parse(text || '{}');
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? parsed : {};
  } catch {
    return {};
  }
}

/** Superset's Slice.form_data: the params plus the chart's identity. */
export function chartFormData(chart: ChartRecord): Record<string, unknown> {
  return {
    ...parseParams(chart.params),
    slice_id: chart.id,
    viz_type: chart.viz_type,
    datasource: `${chart.datasource_id}__${chart.datasource_type}`,
  };
}

export const sliceUrl = (chart: Pick<ChartRecord, 'id'>) => `/explore/?slice_id=${chart.id}`;

/** Changes whenever the chart does, so a browser never shows a stale thumbnail from its cache. */
export const thumbnailUrl = (chart: ChartRecord) =>
  `/api/v1/chart/${chart.id}/thumbnail/${createHash('md5').update(`${chart.id}:${chart.changed_on}:${chart.params}`).digest('hex')}/`;

export async function toChartDict(chart: ChartRecord, related: ChartRelated, nowMs: number): Promise<Record<string, unknown>> {
  const [owners, createdBy, changedBy, lastSavedBy, dataset, titles, tags] = await Promise.all([
    Promise.all(chart.owners.map((id) => related.user(id))),
    related.user(chart.created_by),
    related.user(chart.changed_by),
    related.user(chart.last_saved_by),
    related.dataset(chart.datasource_id),
    Promise.all(chart.dashboards.map((id) => related.dashboardTitle(id))),
    related.tags('chart', chart.id),
  ]);
  const datasourceName = dataset ? (dataset.schema ? `${dataset.schema}.${dataset.table_name}` : dataset.table_name) : null;
  return {
    id: chart.id,
    uuid: chart.uuid,
    slice_name: chart.slice_name,
    description: chart.description,
    description_markdown: chart.description ?? '',
    viz_type: chart.viz_type,
    params: chart.params,
    form_data: chartFormData(chart),
    query_context: chart.query_context,
    cache_timeout: chart.cache_timeout,
    datasource_id: chart.datasource_id,
    datasource_type: chart.datasource_type,
    datasource_name_text: datasourceName,
    datasource_url: `/explore/?datasource_type=${chart.datasource_type}&datasource_id=${chart.datasource_id}`,
    table: dataset ? { default_endpoint: null, table_name: dataset.table_name } : null,
    dashboards: chart.dashboards.map((id, i) => ({ id, dashboard_title: titles[i] })),
    owners: owners.filter((o) => o !== null),
    certified_by: chart.certified_by,
    certification_details: chart.certification_details,
    is_managed_externally: chart.is_managed_externally,
    external_url: chart.external_url,
    slice_url: sliceUrl(chart),
    url: sliceUrl(chart),
    edit_url: `/chart/edit/${chart.id}`,
    thumbnail_url: thumbnailUrl(chart),
    changed_on: isoNaive(chart.changed_on),
    changed_on_dttm: chart.changed_on,
    changed_on_utc: new Date(chart.changed_on).toISOString(),
    changed_on_delta_humanized: naturalTime(chart.changed_on, nowMs),
    created_on: isoNaive(chart.created_on),
    created_on_delta_humanized: naturalTime(chart.created_on, nowMs),
    created_by: createdBy,
    changed_by: changedBy,
    changed_by_name: changedBy ? `${changedBy.first_name} ${changedBy.last_name}`.trim() : '',
    last_saved_at: isoNaive(chart.last_saved_at),
    last_saved_by: lastSavedBy,
    tags,
  };
}

export const SHOW_COLUMNS = [
  'cache_timeout', 'certified_by', 'certification_details', 'changed_on', 'changed_on_delta_humanized', 'changed_by',
  'created_by', 'dashboards', 'datasource_id', 'datasource_type', 'description', 'form_data', 'id', 'owners', 'params',
  'slice_name', 'slice_url', 'thumbnail_url', 'url', 'uuid', 'viz_type', 'query_context', 'is_managed_externally', 'tags',
];

export const LIST_COLUMNS = [
  'is_managed_externally', 'certified_by', 'certification_details', 'cache_timeout', 'changed_by.first_name',
  'changed_by.last_name', 'changed_by.id', 'changed_by_name', 'changed_on', 'changed_on_delta_humanized', 'changed_on_dttm',
  'changed_on_utc', 'created_by.first_name', 'created_by.id', 'created_by.last_name', 'created_on_delta_humanized',
  'datasource_id', 'datasource_name_text', 'datasource_type', 'datasource_url', 'description', 'description_markdown',
  'edit_url', 'form_data', 'id', 'last_saved_at', 'last_saved_by.id', 'last_saved_by.first_name', 'last_saved_by.last_name',
  'owners.first_name', 'owners.id', 'owners.last_name', 'dashboards.id', 'dashboards.dashboard_title', 'params',
  'slice_name', 'slice_url', 'table.default_endpoint', 'table.table_name', 'thumbnail_url', 'url', 'uuid', 'viz_type',
  'query_context', 'tags.id', 'tags.name', 'tags.type',
];
