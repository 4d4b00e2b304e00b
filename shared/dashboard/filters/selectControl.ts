// The select control's constants and rules (spec sections 5 and 9): values load 100 at a time, the
// next page at 70% of the scroll height; pasted text splits on comma, newline, semicolon or tab; tags
// show at most 4, each truncated at 20 characters with '...'.
export const SELECT_PAGE_SIZE = 100;
export const SELECT_NEXT_PAGE_AT = 0.7;
export const MAX_TAG_COUNT = 4;
export const TAG_MAX_LENGTH = 20;

export const truncateTag = (name: string) => (name.length > TAG_MAX_LENGTH ? `${name.slice(0, TAG_MAX_LENGTH)}...` : name);

export const splitPasted = (text: string) =>
  text
    .split(/[,\n;\t]/)
    .map((v) => v.trim())
    .filter(Boolean);

export const shouldLoadNextPage = (scrollTop: number, clientHeight: number, scrollHeight: number) =>
  scrollHeight > 0 && scrollTop + clientHeight >= scrollHeight * SELECT_NEXT_PAGE_AT;

/** Tags shown for a selection, and how many more are hidden ("+ N ..."). */
export function visibleTags(values: unknown[]): { tags: string[]; more: number } {
  return { tags: values.slice(0, MAX_TAG_COUNT).map((v) => truncateTag(String(v))), more: Math.max(0, values.length - MAX_TAG_COUNT) };
}

/** A non-free-form select drops values that are not among the choices; a single select keeps one or null. */
export function keepValidValues(values: unknown[], choices: unknown[], multi: boolean, creatable: boolean): unknown[] | unknown | null {
  const kept = creatable ? values : values.filter((v) => choices.some((c) => String(c) === String(v)));
  return multi ? kept : (kept[0] ?? null);
}
