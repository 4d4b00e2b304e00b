// The tag calls of the app: custom tags as filter options, an object's tags (add by name, remove),
// the tag list page's calls and the all-entities page's objects.
import { TAG_TYPES, type TaggableType } from '../../../../shared/tags/tagNames';
import { api } from '../../api/client';
import type { ListArgs, SelectOption } from '../../app/list/types';

export interface TagChip {
  id: number;
  name: string;
}

export interface TagRow {
  id: number;
  name: string;
  description: string | null;
  changed_on_delta_humanized: string;
  created_by: string;
}

/** Only users' tags are shown on objects (Superset hides type:, owner: and favorited_by: tags). */
export const customTags = (tags: readonly { id?: number; name?: string; type?: number }[] | undefined): TagChip[] =>
  (tags ?? [])
    .filter((t) => t.type === undefined || t.type === TAG_TYPES.custom)
    .filter((t) => t.id !== undefined && t.name !== undefined)
    .map((t) => ({ id: t.id!, name: t.name! }));

/** Every custom tag as a select option (the lists' Tag filter sends its id). */
export async function tagOptions(): Promise<SelectOption[]> {
  const answer = await api.call('tag.list', {
    q: { filters: [{ col: 'type', opr: 'custom_tag', value: true }], order_column: 'name', order_direction: 'asc', page: 0, page_size: 100 },
  });
  return answer.result.map((t) => ({ value: Number(t.id), label: t.name ?? String(t.id) }));
}

export async function tagNames(): Promise<string[]> {
  return (await tagOptions()).map((o) => o.label);
}

/** Adds tags (made when missing) to an object; answers its custom tags after. */
export async function addTags(type: TaggableType, id: number, names: string[]): Promise<TagChip[]> {
  const answer = await api.call('tag.tagObject', { params: { pk: type, object_id: id }, body: { properties: { tags: names } } });
  return customTags(answer.result);
}

export async function removeTag(type: TaggableType, id: number, name: string): Promise<void> {
  await api.call('tag.untagObject', { params: { pk: type, object_id: id, tag: name } });
}

export async function fetchTagPage(q: ListArgs): Promise<{ count: number; result: TagRow[] }> {
  const answer = await api.call('tag.list', { q: { ...q, filters: [...q.filters, { col: 'type', opr: 'custom_tag', value: true }] } });
  return {
    count: answer.count,
    result: answer.result.map((t) => ({
      id: Number(t.id),
      name: t.name ?? '',
      description: t.description ?? null,
      changed_on_delta_humanized: t.changed_on_delta_humanized ?? '',
      created_by: t.created_by ? `${t.created_by.first_name ?? ''} ${t.created_by.last_name ?? ''}`.trim() : '',
    })),
  };
}

export async function createTag(name: string, description: string) {
  return api.call('tag.create', { body: { name, description: description || null } });
}

export async function deleteTags(names: string[]) {
  await api.call('tag.bulkDelete', { q: names });
}

export async function fetchTag(id: number) {
  return (await api.call('tag.get', { params: { pk: id } })).result;
}

export async function fetchTaggedObjects(tagId: number) {
  return (await api.call('tag.getObjects', { query: { tagIds: String(tagId) } })).result;
}

/** An object's custom tags, read from its own show call. */
export async function objectTags(type: TaggableType, id: number): Promise<TagChip[]> {
  if (type === 'chart') return customTags((await api.call('chart.get', { params: { pk: id }, q: { columns: ['tags'] } })).result.tags);
  if (type === 'dashboard') return customTags((await api.call('dashboard.get', { params: { pk: String(id) } })).result.tags);
  return customTags((await api.call('savedQuery.get', { params: { pk: id }, q: { columns: ['tags'] } })).result.tags);
}

/** The lists' Tag filter: Superset's <type>_tag_id operator on the `tags` column, custom tags as options. */
export const tagFilter = (opr: 'chart_tag_id' | 'dashboard_tag_id' | 'saved_query_tag_id') =>
  ({ kind: 'select', id: 'tag', label: 'Tag', col: 'tags', opr, options: tagOptions }) as const;
