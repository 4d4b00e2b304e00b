import { describe, expect, it } from 'vitest';
import { nextRunAfter, runsBetween } from '../../../../functions/reports/nextRun';

const utc = (iso: string) => Date.parse(iso);

describe('nextRunAfter', () => {
  it('runs a 09:00 Europe/Berlin report at 09:00 local time on both sides of the spring change', () => {
    // CET (UTC+1) until Sunday 29 March 2026 02:00, CEST (UTC+2) after.
    const runs = runsBetween('0 9 * * *', 'Europe/Berlin', utc('2026-03-27T12:00:00Z'), utc('2026-03-31T12:00:00Z'));
    expect(runs.map((t) => new Date(t).toISOString())).toEqual([
      '2026-03-28T08:00:00.000Z',
      '2026-03-29T07:00:00.000Z',
      '2026-03-30T07:00:00.000Z',
      '2026-03-31T07:00:00.000Z',
    ]);
  });

  it('and on both sides of the autumn change', () => {
    // CEST until Sunday 25 October 2026 03:00, CET after.
    const runs = runsBetween('0 9 * * *', 'Europe/Berlin', utc('2026-10-24T00:00:00Z'), utc('2026-10-26T12:00:00Z'));
    expect(runs.map((t) => new Date(t).toISOString())).toEqual(['2026-10-24T07:00:00.000Z', '2026-10-25T08:00:00.000Z', '2026-10-26T08:00:00.000Z']);
  });

  it('is strictly after the given time, in whole minutes, in UTC by default zone', () => {
    expect(nextRunAfter('*/15 * * * *', 'UTC', utc('2026-01-01T10:15:00Z'))).toBe(utc('2026-01-01T10:30:00Z'));
    expect(nextRunAfter('*/15 * * * *', 'UTC', utc('2026-01-01T10:14:59.999Z'))).toBe(utc('2026-01-01T10:15:00Z'));
    expect(nextRunAfter('30 8 * * 1', 'America/New_York', utc('2026-01-01T00:00:00Z'))).toBe(utc('2026-01-05T13:30:00Z'));
  });
});
