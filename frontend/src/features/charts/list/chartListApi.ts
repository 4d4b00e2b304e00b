// The chart list's calls: a page of charts with each one's favorite status, the filter choices,
// favorites and deletes.
import { listPlugins } from '../../../../../shared/viz/registry';
import { api } from '../../../api/client';
import { toOptions } from '../../../app/list/fetchList';
import type { ListArgs, ListFilter } from '../../../app/list/types';
import { customTags, tagFilter, type TagChip } from '../../tags/tagsApi';

export interface ChartRow {
  id: number;
  slice_name: string;
  viz_type: string;
  datasource_name_text?: string | null;
  description?: string | null;
  owners: { id?: number; first_name?: string; last_name?: string }[];
  changed_on_delta_humanized?: string;
  favorite: boolean;
  tags: TagChip[];
}

export const CHART_FILTERS: ListFilter[] = [
  { kind: 'search', id: 'search', label: 'Search charts', placeholder: 'Name, description, type or dataset', col: 'slice_name', opr: 'chart_all_text' },
  { kind: 'select', id: 'owner', label: 'Owner', col: 'owners', opr: 'rel_m_m', options: async () => toOptions(await api.call('chart.related', { params: { column: 'owners' }, q: { page: 0, page_size: 1000 } })) },
  { kind: 'select', id: 'viz', label: 'Chart type', col: 'viz_type', opr: 'eq', options: listPlugins().map((p) => ({ value: p.vizType, label: p.name })) },
  {
    kind: 'select',
    id: 'dataset',
    label: 'Dataset',
    col: 'datasource_id',
    opr: 'eq',
    options: async () => {
      const answer = await api.call('dataset.list', { q: { page: 0, page_size: 1000, order_column: 'table_name', order_direction: 'asc' } });
      return answer.result.map((d) => ({ value: Number(d.id), label: String(d.table_name ?? d.id) }));
    },
  },
  { kind: 'select', id: 'favorite', label: 'Favorite', col: 'id', opr: 'chart_is_favorite', options: [{ value: 'true', label: 'Yes' }, { value: 'false', label: 'No' }] },
  tagFilter('chart_tag_id'),
];

export async function fetchCharts(q: ListArgs): Promise<{ count: number; result: ChartRow[] }> {
  const answer = await api.call('chart.list', { q: { ...q } });
  const ids = answer.result.map((r) => Number(r.id));
  const favs = ids.length ? await api.call('chart.favoriteStatus', { q: ids }) : { result: [] };
  const fav = new Set(favs.result.filter((f) => f.value).map((f) => f.id));
  return {
    count: answer.count,
    result: answer.result.map((r) => ({
      id: Number(r.id),
      slice_name: r.slice_name ?? '',
      viz_type: r.viz_type ?? '',
      datasource_name_text: r.datasource_name_text,
      description: r.description,
      owners: r.owners ?? [],
      changed_on_delta_humanized: r.changed_on_delta_humanized,
      favorite: fav.has(Number(r.id)),
      tags: customTags(r.tags),
    })),
  };
}

export async function setChartFavorite(id: number, value: boolean) {
  await api.call(value ? 'chart.addFavorite' : 'chart.removeFavorite', { params: { pk: id } });
}

export async function deleteCharts(ids: number[]) {
  if (ids.length === 1) await api.call('chart.delete', { params: { pk: ids[0] } });
  else await api.call('chart.bulkDelete', { q: ids });
}
