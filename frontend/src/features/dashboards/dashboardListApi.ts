// The dashboard list's calls: a page of dashboards with favorite status, the filters, favorites,
// deletes, and "+ Dashboard" (an untitled dashboard opened in edit mode).
import { api } from '../../api/client';
import { toOptions } from '../../app/list/fetchList';
import type { ListArgs, ListFilter } from '../../app/list/types';
import { customTags, tagFilter, type TagChip } from '../tags/tagsApi';

export interface DashboardRow {
  id: number;
  dashboard_title: string;
  slug?: string | null;
  url?: string;
  published?: boolean;
  owners: { first_name?: string; last_name?: string }[];
  changed_on_delta_humanized?: string;
  favorite: boolean;
  tags: TagChip[];
}

export const DASHBOARD_FILTERS: ListFilter[] = [
  { kind: 'search', id: 'search', label: 'Search dashboards', placeholder: 'Title or slug', col: 'dashboard_title', opr: 'dashboard_title_or_slug' },
  { kind: 'select', id: 'owner', label: 'Owner', col: 'owners', opr: 'rel_m_m', options: async () => toOptions(await api.call('dashboard.related', { params: { column: 'owners' }, q: { page: 0, page_size: 1000 } })) },
  { kind: 'select', id: 'status', label: 'Status', col: 'published', opr: 'eq', options: [{ value: 'true', label: 'Published' }, { value: 'false', label: 'Draft' }] },
  { kind: 'select', id: 'favorite', label: 'Favorite', col: 'id', opr: 'dashboard_is_favorite', options: [{ value: 'true', label: 'Yes' }, { value: 'false', label: 'No' }] },
  tagFilter('dashboard_tag_id'),
];

export async function fetchDashboards(q: ListArgs): Promise<{ count: number; result: DashboardRow[] }> {
  const answer = await api.call('dashboard.list', { q: { ...q } });
  const ids = answer.result.map((r) => Number(r.id));
  const favs = ids.length ? await api.call('dashboard.favoriteStatus', { q: ids }) : { result: [] };
  const fav = new Set(favs.result.filter((f) => f.value).map((f) => f.id));
  return {
    count: answer.count,
    result: answer.result.map((r) => ({
      id: Number(r.id),
      dashboard_title: r.dashboard_title ?? '',
      slug: r.slug,
      url: r.url,
      published: r.published,
      owners: r.owners ?? [],
      changed_on_delta_humanized: r.changed_on_delta_humanized,
      favorite: fav.has(Number(r.id)),
      tags: customTags(r.tags),
    })),
  };
}

export const setDashboardFavorite = (id: number, value: boolean) => api.call(value ? 'dashboard.addFavorite' : 'dashboard.removeFavorite', { params: { pk: id } });

export async function deleteDashboards(ids: number[]) {
  if (ids.length === 1) await api.call('dashboard.delete', { params: { pk: ids[0] } });
  else await api.call('dashboard.bulkDelete', { q: ids });
}

export async function createUntitledDashboard(): Promise<number> {
  const made = await api.call('dashboard.create', { body: { dashboard_title: '[ untitled dashboard ]' } });
  return made.id;
}
