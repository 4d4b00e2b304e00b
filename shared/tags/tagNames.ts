// Tags as Superset numbers and names them (superset/tags/models.py): the object types a tag may carry,
// the kinds of tag, the rule for a custom tag's name, and how a long name is shown (spec section 5).
// Pure, so the API and the app read the same rules.

/** Superset's ObjectType: the number in /api/v1/tag/{object_type}/{object_id}/ and its name. */
export const OBJECT_TYPES = { query: 1, chart: 2, dashboard: 3 } as const;
export type TaggableType = keyof typeof OBJECT_TYPES;
export const TAGGABLE_TYPES = Object.keys(OBJECT_TYPES) as TaggableType[];

/** Superset's TagType: custom tags are the users'; type:, owner: and favorited_by: tags are the system's. */
export const TAG_TYPES = { custom: 1, type: 2, owner: 3, favorited_by: 4 } as const;
export type TagTypeName = keyof typeof TAG_TYPES;
export type TagTypeId = (typeof TAG_TYPES)[TagTypeName];

/**
 * An object type as clients send it: Superset's number (1 query, 2 chart, 3 dashboard), its name, or
 * the app's 'saved_query'. Datasets (4) carry no tags here; anything else is null.
 */
export function parseObjectType(value: unknown): TaggableType | null {
  const text = String(value ?? '').trim().toLowerCase();
  if (text === 'saved_query') return 'query';
  for (const [name, id] of Object.entries(OBJECT_TYPES)) if (text === name || text === String(id)) return name as TaggableType;
  return null;
}

export const MAX_TAG_NAME_LENGTH = 250;

/** Why a custom tag name is refused, or null: Superset keeps ':' for system tags and ',' for lists. */
export function tagNameProblem(name: string): string | null {
  const trimmed = name.trim();
  if (!trimmed) return 'Tag name must not be empty';
  if (trimmed.length > MAX_TAG_NAME_LENGTH) return `Tag name must be at most ${MAX_TAG_NAME_LENGTH} characters`;
  if (/[:,]/.test(trimmed)) return "Invalid Tag Name (cannot contain ':' or ',')";
  return null;
}

/** Tag names are shown cut at 20 characters with '...' (the full name goes to a title). */
export const TAG_DISPLAY_LENGTH = 20;
export function truncateTagName(name: string, max = TAG_DISPLAY_LENGTH): string {
  return name.length > max ? `${name.slice(0, max)}...` : name;
}

/** A comma-separated query parameter (get_objects' tags, tagIds, types) as its non-empty items. */
export const splitList = (value: string | undefined | null) =>
  (value ?? '').split(',').map((s) => s.trim()).filter(Boolean);
