import { describe, expect, it } from 'vitest';
import { humanizeDelta } from '../../../../functions/databases/serialize';

describe('database serialization', () => {
  it('humanizes deltas the way Python humanize does', () => {
    const t = Date.parse('2026-01-01T00:00:00Z');
    expect(humanizeDelta(t, t)).toBe('now');
    expect(humanizeDelta(t, t + 1000)).toBe('a second ago');
    expect(humanizeDelta(t, t + 5 * 60_000)).toBe('5 minutes ago');
    expect(humanizeDelta(t, t + 3600_000)).toBe('an hour ago');
    expect(humanizeDelta(t, t + 3 * 86_400_000)).toBe('3 days ago');
    expect(humanizeDelta(t, t + 800 * 86_400_000)).toBe('2 years ago');
  });
});
