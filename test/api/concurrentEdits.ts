// Shared check for "concurrent editors never silently overwrite each other": edits of different fields
// sent at once each answer 200 or 409 "changed by someone else", and every accepted edit is stored.
import { expect } from 'vitest';
import type { Json } from './sqllabHelpers';

type Answer = { status: number; body: Json };

/**
 * Sends every edit at once through `put`, then reads the object back with `stored`: each field an
 * accepted edit set must hold the value of one of the accepted edits of that field (several edits of
 * one field may land one after the other; none may be undone by a write based on an older read).
 * `shown(stored, field)` is how the stored object shows a field (default: the same key).
 */
export async function expectEveryAcceptedEditKept(
  edits: Json[],
  put: (edit: Json) => Promise<Answer>,
  stored: () => Promise<Json>,
  shown: (stored: Json, field: string) => unknown = (s, field) => s[field],
): Promise<Answer[]> {
  const answers = await Promise.all(edits.map(put));
  const statuses = answers.map((a) => a.status);
  expect(statuses.every((s) => s === 200 || s === 409), JSON.stringify(answers)).toBe(true);
  for (const refused of answers.filter((a) => a.status === 409)) {
    expect(refused.body.message).toMatch(/^The .+ was changed by someone else since it was read\. Reload it and try again\.$/);
  }
  expect(statuses).toContain(200);
  const after = await stored();
  const accepted = edits.filter((_, i) => statuses[i] === 200);
  const lost = accepted.flatMap((edit) =>
    Object.keys(edit)
      .filter((field) => !accepted.some((a) => field in a && JSON.stringify(a[field]) === JSON.stringify(shown(after, field))))
      .map((field) => ({ [field]: edit[field] })),
  );
  expect(lost, `accepted (200) but not stored; stored: ${JSON.stringify(after)}`).toEqual([]);
  return answers;
}
