// GET /api/v1/dashboard/ on the list engine: Superset's DashboardRestApi search columns
// (dashboard_title with dashboard_title_or_slug, owners, published, id with dashboard_is_favorite,
// certified with dashboard_is_certified, created_by, changed_by), order columns and list columns; the
// related lookups of its filters. Only dashboards the user may see are listed (./access).
import { requirePermission } from '../http/authz';
import type { Identity } from '../http/identity';
import type { Ports } from '../ports/index';
import type { ListQuery } from '../../shared/schemas/common';
import { favoriteIds } from '../platform/favorites';
import { relatedChoices, type RelatedQuery } from '../platform/related';
import { runList } from '../lists/engine';
import { allText, boolOps, numberOps, relManyMany, relOneMany } from '../lists/operators';
import type { ListResource } from '../lists/types';
import { VIEW, canSeeDashboard } from './access';
import { LIST_COLUMNS, dashboardRelated as relatedLookups, toDashboardDict } from './present';
import { listDashboardRecords, type DashboardRecord } from './repository';
import { taggedIndex, tagFilters, type TaggedIndex } from '../tags/refs';

interface Ctx {
  favorites: Set<number>;
  related: ReturnType<typeof relatedLookups>;
  now: number;
  tagged: TaggedIndex;
}

const userName = async (id: number, ctx: Ctx) => {
  const u = await ctx.related.user(id);
  return u ? `${u.first_name} ${u.last_name}` : null;
};
const isTrue = (v: unknown) => v === true || v === 'true' || v === 1 || v === '1';

export const dashboardList: ListResource<DashboardRecord, Ctx> = {
  title: 'List Dashboard',
  pageSize: 25,
  maxPageSize: 100,
  defaultOrder: { column: 'changed_on_delta_humanized', direction: 'desc' },
  listColumns: LIST_COLUMNS,
  orderColumns: {
    changed_on_delta_humanized: (r) => r.changed_on,
    changed_on: (r) => r.changed_on,
    dashboard_title: (r) => r.dashboard_title,
    published: (r) => r.published,
    slug: (r) => r.slug,
    id: (r) => r.id,
    'changed_by.first_name': (r, ctx) => userName(r.changed_by, ctx),
    'created_by.first_name': (r, ctx) => userName(r.created_by, ctx),
  },
  filters: {
    dashboard_title: {
      // DashboardTitleOrSlugFilter: the search box matches the title or the slug.
      dashboard_title_or_slug: allText((r) => [r.dashboard_title, r.slug]),
      ct: allText((r) => [r.dashboard_title]),
      eq: (r, v) => r.dashboard_title === v,
    },
    slug: { eq: (r, v) => r.slug === v, ct: allText((r) => [r.slug]) },
    owners: relManyMany((r) => r.owners),
    roles: relManyMany((r) => r.roles),
    // DashboardTagNameFilter / DashboardTagIdFilter.
    tags: tagFilters<DashboardRecord, Ctx>('dashboard', 'dashboard', (r) => r.id),
    created_by: relOneMany((r) => r.created_by),
    changed_by: relOneMany((r) => r.changed_by),
    published: boolOps((r) => r.published),
    id: {
      ...numberOps((r) => r.id),
      dashboard_is_favorite: (r, v, ctx) => ctx.favorites.has(r.id) === isTrue(v),
      dashboard_is_certified: (r, v) => Boolean(r.certified_by) === isTrue(v),
    },
    // Superset also puts the certified filter on the certified_by column.
    certified_by: { dashboard_is_certified: (r, v) => Boolean(r.certified_by) === isTrue(v) },
  },
  context: async ({ ports, user }) => ({
    favorites: await favoriteIds(ports, user.userId, 'DASHBOARD'),
    related: relatedLookups(ports),
    now: ports.clock.now(),
    tagged: taggedIndex(ports),
  }),
  load: async ({ ports, user }) => {
    const visible: DashboardRecord[] = [];
    for (const d of await listDashboardRecords(ports)) if (await canSeeDashboard(ports, user, d)) visible.push(d);
    return visible;
  },
  id: (r) => r.id,
  present: (records, { ports }, ctx) => Promise.all(records.map((r) => toDashboardDict(ports, r, ctx.related, ctx.now))),
};

export async function listDashboards(ports: Ports, user: Identity, q: ListQuery) {
  requirePermission(user, 'can_read', VIEW);
  return runList(dashboardList, { ports, user }, q);
}

export async function dashboardRelated(ports: Ports, user: Identity, column: string, q: RelatedQuery) {
  requirePermission(user, 'can_read', VIEW);
  return relatedChoices(ports, column, q, ['owners', 'created_by', 'changed_by', 'roles']);
}
