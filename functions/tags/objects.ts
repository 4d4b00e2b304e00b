// The objects a tag may carry (charts, dashboards, saved queries) through their own access rules:
// whether the user may see one (else it is left out, or a 404), whether the user may change its tags
// (ownership or admin, as changing the object itself needs), and how get_objects shows it.
import { SupersetError, notFound } from '../../shared/errors';
import type { TaggableType } from '../../shared/tags/tagNames';
import type { Identity } from '../http/identity';
import type { Ports } from '../ports/index';
import { findChart } from '../charts/repository';
import { canSeeChart, ownsChart } from '../charts/service';
import { sliceUrl } from '../charts/present';
import { canEditDashboard, canSeeDashboard } from '../dashboards/access';
import { dashboardUrl } from '../dashboards/present';
import { findDashboard } from '../dashboards/repository';
import { findSavedQuery } from '../savedQueries/repository';
import { readsAllSavedQueries } from '../savedQueries/listResource';
import type { TaggedRef } from './repository';

/** One object as the all-entities page lists it (Superset's TaggedObjectEntityResponseSchema). */
export interface TaggedEntity {
  id: number;
  type: TaggableType;
  name: string;
  url: string;
  changed_on: number;
  created_by: number | null;
  owners: number[];
}

export interface ObjectAccess {
  entity: TaggedEntity;
  canModify: boolean;
}

/** The object and what the user may do with it; null when it does not exist or the user may not see it. */
export async function accessObject(ports: Ports, user: Identity, ref: TaggedRef): Promise<ObjectAccess | null> {
  if (ref.type === 'chart') {
    const c = await findChart(ports, ref.id);
    if (!c || !(await canSeeChart(ports, user, c))) return null;
    return {
      entity: { id: c.id, type: 'chart', name: c.slice_name, url: sliceUrl(c), changed_on: c.changed_on, created_by: c.created_by, owners: c.owners },
      canModify: ownsChart(user, c),
    };
  }
  if (ref.type === 'dashboard') {
    const d = await findDashboard(ports, ref.id);
    if (!d || !(await canSeeDashboard(ports, user, d))) return null;
    return {
      entity: { id: d.id, type: 'dashboard', name: d.dashboard_title, url: dashboardUrl(d), changed_on: d.changed_on, created_by: d.created_by, owners: d.owners },
      canModify: canEditDashboard(user, d),
    };
  }
  const q = await findSavedQuery(ports, ref.id);
  if (!q || (q.user_id !== user.userId && !readsAllSavedQueries(user))) return null;
  return {
    entity: {
      id: q.id,
      type: 'query',
      name: q.label ?? '',
      url: `/sqllab/?savedQueryId=${q.id}`,
      changed_on: q.changed_on,
      created_by: q.created_by,
      owners: [q.user_id],
    },
    canModify: q.user_id === user.userId,
  };
}

/** The object if the user may change its tags: 404 when invisible, 403 when the user does not own it. */
export async function modifiableObject(ports: Ports, user: Identity, ref: TaggedRef): Promise<TaggedEntity> {
  const access = await accessObject(ports, user, ref);
  if (!access) throw notFound('Not found');
  if (!access.canModify) {
    throw new SupersetError('MISSING_OWNERSHIP_ERROR', `Changing the tags of this ${ref.type === 'query' ? 'saved query' : ref.type} is forbidden`, { status: 403 });
  }
  return access.entity;
}
