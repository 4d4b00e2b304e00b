// The options a searchable multi-select shows for what was typed: every word typed must appear in the
// label (any case, any order), at most `limit` of them so a list of hundreds stays quick to render.
import type { SelectOption } from '../list/types';

export interface OptionMatches<O extends SelectOption> {
  shown: O[];
  /** How many options match in all (more than shown when the limit cut the list). */
  total: number;
}

const words = (query: string) => query.toLowerCase().split(/\s+/).filter(Boolean);

export function matchOptions<O extends SelectOption>(options: readonly O[], query: string, limit: number): OptionMatches<O> {
  const wanted = words(query);
  const shown: O[] = [];
  let total = 0;
  for (const option of options) {
    const label = option.label.toLowerCase();
    if (!wanted.every((w) => label.includes(w))) continue;
    total += 1;
    if (shown.length < limit) shown.push(option);
  }
  return { shown, total };
}

/** Adds `value` when absent, removes it when present (the order of the rest is kept). */
export const toggleValue = <V>(values: readonly V[], value: V): V[] => (values.includes(value) ? values.filter((v) => v !== value) : [...values, value]);
