// The Row Level Security page's calls (/api/v1/rowlevelsecurity/) through the typed API client.
import { api } from '../../api/client';
import type { ListArgs, ListPage, SelectOption } from '../../app/list/types';

export interface RlsRow {
  id: number;
  name: string;
  filter_type: 'Regular' | 'Base';
  tables: string;
  roles: string;
  clause: string;
  group_key: string;
  changed_on_delta_humanized: string;
}

export interface RlsForm {
  name: string;
  description: string | null;
  filter_type: 'Regular' | 'Base';
  tables: number[];
  roles: number[];
  group_key: string | null;
  clause: string;
}

export async function fetchRlsPage(q: ListArgs): Promise<ListPage<RlsRow>> {
  const answer = await api.call('rls.list', { q: { ...q } });
  return {
    count: answer.count,
    result: answer.result.map((r) => ({
      id: Number(r.id),
      name: r.name ?? '',
      filter_type: r.filter_type ?? 'Regular',
      tables: (r.tables ?? []).map((t) => t.table_name ?? '').join(', '),
      roles: (r.roles ?? []).map((t) => t.name ?? '').join(', '),
      clause: r.clause ?? '',
      group_key: r.group_key ?? '',
      changed_on_delta_humanized: r.changed_on_delta_humanized ?? '',
    })),
  };
}

export async function getRls(id: number): Promise<RlsForm> {
  const { result } = await api.call('rls.get', { params: { pk: id } });
  return {
    name: result.name,
    description: result.description,
    filter_type: result.filter_type,
    tables: result.tables.map((t) => t.id),
    roles: result.roles.map((r) => r.id),
    group_key: result.group_key,
    clause: result.clause,
  };
}

export async function relatedOptions(column: 'tables' | 'roles'): Promise<SelectOption[]> {
  const answer = await api.call('rls.related', { params: { column }, q: { page: 0, page_size: 1000 } });
  return answer.result.map((c) => ({ value: c.value, label: c.text }));
}

export const createRls = (body: RlsForm) => api.call('rls.create', { body });
export const updateRls = (id: number, body: RlsForm) => api.call('rls.update', { params: { pk: id }, body });
export const deleteRls = (ids: number[]) => api.call('rls.bulkDelete', { q: ids });
