// Shared check for "concurrent editors never silently overwrite each other": edits of different fields
// sent at once each answer 200 or 409 "changed by someone else", and every accepted edit is stored.
import { expect } from 'vitest';
import type { Json } from './sqllabHelpers';

type Answer = { status: number; body: Json };

/**
 * Sends every edit at once through `put`, then reads the object back with `stored`. `kept(stored, edit)`
 * says whether an edit is in the stored object (default: each field of the edit equals the stored one).
 */
export async function expectEveryAcceptedEditKept(
  edits: Json[],
  put: (edit: Json) => Promise<Answer>,
  stored: () => Promise<Json>,
  kept: (stored: Json, edit: Json) => boolean = (s, edit) => Object.entries(edit).every(([k, v]) => JSON.stringify(s[k]) === JSON.stringify(v)),
): Promise<Answer[]> {
  const answers = await Promise.all(edits.map(put));
  const statuses = answers.map((a) => a.status);
  expect(statuses.every((s) => s === 200 || s === 409), JSON.stringify(answers)).toBe(true);
  for (const refused of answers.filter((a) => a.status === 409)) {
    expect(refused.body.message).toMatch(/^The .+ was changed by someone else since it was read\. Reload it and try again\.$/);
  }
  expect(statuses).toContain(200);
  const after = await stored();
  const lost = edits.filter((edit, i) => statuses[i] === 200 && !kept(after, edit));
  expect(lost, `accepted (200) but not stored; stored: ${JSON.stringify(after)}`).toEqual([]);
  return answers;
}
