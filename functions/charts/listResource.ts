// GET /api/v1/chart/ on the list engine: Superset's ChartRestApi search columns (slice_name with the
// chart_all_text search box, owners and dashboards as many-to-many, viz_type, datasource, favorites
// and certification on id), order columns and list columns. Charts are read from the all-charts
// index and kept when the user may see them (Superset's ChartFilter).
import { allText, numberOps, relManyMany, relOneMany, textOps } from '../lists/operators';
import type { ListResource } from '../lists/types';
import { favoriteIds } from '../platform/favorites';
import { chartRelated, LIST_COLUMNS, toChartDict, type ChartRelated } from './present';
import { listChartRecords, type ChartRecord } from './repository';
import { canSeeChart } from './service';
import { taggedIndex, tagFilters, type TaggedIndex } from '../tags/refs';

interface Ctx {
  related: ChartRelated;
  favorites: Set<number>;
  now: number;
  tagged: TaggedIndex;
}

const truthy = (v: unknown) => v === true || v === 'true' || v === 1 || v === '1';
const datasetName = async (r: ChartRecord, ctx: Ctx) => (await ctx.related.dataset(r.datasource_id))?.table_name ?? null;

export const chartList: ListResource<ChartRecord, Ctx> = {
  title: 'List Slice',
  pageSize: 25,
  maxPageSize: 1000,
  // Superset's chart list: the newest change first.
  defaultOrder: { column: 'changed_on_delta_humanized', direction: 'desc' },
  listColumns: LIST_COLUMNS,
  orderColumns: {
    changed_on: (r) => r.changed_on,
    changed_on_delta_humanized: (r) => r.changed_on,
    last_saved_at: (r) => r.last_saved_at,
    'last_saved_by.id': (r) => r.last_saved_by,
    'changed_by.first_name': async (r, ctx) => (await ctx.related.user(r.changed_by))?.first_name ?? null,
    datasource_id: (r) => r.datasource_id,
    datasource_name: datasetName,
    slice_name: (r) => r.slice_name.toLowerCase(),
    viz_type: (r) => r.viz_type,
    id: (r) => r.id,
  },
  filters: {
    slice_name: {
      ...textOps((r) => r.slice_name),
      // ChartAllTextFilter: the search box matches the name, description, viz type or dataset name.
      chart_all_text: async (r, v, ctx) => {
        const name = await datasetName(r, ctx);
        return allText<ChartRecord>((c) => [c.slice_name, c.description, c.viz_type, name])(r, v);
      },
    },
    description: textOps((r) => r.description),
    viz_type: textOps((r) => r.viz_type),
    datasource_type: textOps((r) => r.datasource_type),
    datasource_id: numberOps((r) => r.datasource_id),
    datasource_name: {
      ct: async (r, v, ctx) => (await datasetName(r, ctx) ?? '').toLowerCase().includes(String(v ?? '').toLowerCase()),
      eq: async (r, v, ctx) => (await datasetName(r, ctx)) === String(v),
    },
    owners: relManyMany((r) => r.owners),
    dashboards: relManyMany((r) => r.dashboards),
    // ChartTagNameFilter / ChartTagIdFilter.
    tags: tagFilters<ChartRecord, Ctx>('chart', 'chart', (r) => r.id),
    created_by: relOneMany((r) => r.created_by),
    changed_by: relOneMany((r) => r.changed_by),
    id: {
      ...numberOps((r) => r.id),
      chart_is_favorite: (r, v, ctx) => ctx.favorites.has(r.id) === truthy(v),
      chart_is_certified: (r, v) => Boolean(r.certified_by) === truthy(v),
    },
  },
  context: async ({ ports, user }) => ({
    related: chartRelated(ports),
    favorites: await favoriteIds(ports, user.userId, 'CHART'),
    now: ports.clock.now(),
    tagged: taggedIndex(ports),
  }),
  load: async ({ ports, user }) => {
    const visible: ChartRecord[] = [];
    for (const chart of await listChartRecords(ports)) if (await canSeeChart(ports, user, chart)) visible.push(chart);
    return visible;
  },
  id: (r) => r.id,
  present: (records, _env, ctx) => Promise.all(records.map((r) => toChartDict(r, ctx.related, ctx.now))),
};
