// A tag as Superset's TagRestApi shows it: list columns for the list, show columns for GET /{pk}.
import type { RelatedLoader } from '../lists/related';
import { naturalTime } from '../savedQueries/humanize';
import type { TagRecord } from './repository';

export const TAG_LIST_COLUMNS = [
  'id', 'name', 'type', 'description', 'changed_by.first_name', 'changed_by.last_name', 'changed_on_delta_humanized',
  'created_on_delta_humanized', 'created_by.first_name', 'created_by.last_name',
] as const;

export const TAG_SHOW_COLUMNS = [...TAG_LIST_COLUMNS, 'created_by'] as const;

const names = (u: { first_name: string; last_name: string } | null) => (u ? { first_name: u.first_name, last_name: u.last_name } : null);

export async function toTagDict(tag: TagRecord, related: RelatedLoader, nowMs: number): Promise<Record<string, unknown>> {
  const [createdBy, changedBy] = await Promise.all([related.user(tag.created_by), related.user(tag.changed_by)]);
  return {
    id: tag.id,
    name: tag.name,
    type: tag.type,
    description: tag.description,
    changed_by: names(changedBy),
    changed_on_delta_humanized: naturalTime(tag.changed_on, nowMs),
    created_on_delta_humanized: naturalTime(tag.created_on, nowMs),
    created_by: names(createdBy),
  };
}
