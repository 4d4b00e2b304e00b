// GET /api/v1/tag/ on the list engine: Superset's TagRestApi search columns (name; type with its
// custom_tag filter, true for users' tags and false for system ones), order columns and list columns.
// Every tag is listed to whoever may read tags, as Superset has no ownership on tags.
import { TAG_TYPES } from '../../shared/tags/tagNames';
import { numberOps, relOneMany, textOps } from '../lists/operators';
import { relatedLoader, type RelatedLoader } from '../lists/related';
import type { ListResource } from '../lists/types';
import { favoriteIds } from '../platform/favorites';
import { TAG_LIST_COLUMNS, toTagDict } from './present';
import { listTagRecords, type TagRecord } from './repository';

interface Ctx {
  related: RelatedLoader;
  favorites: Set<number>;
  now: number;
}

const truthy = (v: unknown) => v === true || v === 'true' || v === 1 || v === '1';
const userName = async (id: number | null, ctx: Ctx) => {
  const u = await ctx.related.user(id);
  return u ? `${u.first_name} ${u.last_name}` : null;
};

export const tagList: ListResource<TagRecord, Ctx> = {
  title: 'List Tag',
  pageSize: 25,
  maxPageSize: 100,
  defaultOrder: { column: 'changed_on_delta_humanized', direction: 'desc' },
  listColumns: TAG_LIST_COLUMNS,
  orderColumns: {
    id: (r) => r.id,
    name: (r) => r.name.toLowerCase(),
    type: (r) => r.type,
    description: (r) => r.description,
    changed_on: (r) => r.changed_on,
    changed_on_delta_humanized: (r) => r.changed_on,
    created_on: (r) => r.created_on,
    created_on_delta_humanized: (r) => r.created_on,
    'changed_by.first_name': (r, ctx) => userName(r.changed_by, ctx),
    'created_by.first_name': (r, ctx) => userName(r.created_by, ctx),
  },
  filters: {
    name: textOps((r) => r.name),
    description: textOps((r) => r.description),
    // UserCreatedTagTypeFilter: true keeps users' tags, false the system's (type:, owner:, favorited_by:).
    type: { custom_tag: (r, v) => (r.type === TAG_TYPES.custom) === truthy(v), ...numberOps((r) => r.type) },
    created_by: relOneMany((r) => r.created_by),
    changed_by: relOneMany((r) => r.changed_by),
    id: { ...numberOps((r) => r.id), tag_is_favorite: (r, v, ctx) => ctx.favorites.has(r.id) === truthy(v) },
  },
  context: async ({ ports, user }) => ({
    related: relatedLoader(ports),
    favorites: await favoriteIds(ports, user.userId, 'TAG'),
    now: ports.clock.now(),
  }),
  load: ({ ports }) => listTagRecords(ports),
  id: (r) => r.id,
  present: (records, _env, ctx) => Promise.all(records.map((r) => toTagDict(r, ctx.related, ctx.now))),
};
