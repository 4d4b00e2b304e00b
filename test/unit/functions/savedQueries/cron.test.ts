import { describe, expect, it } from 'vitest';
import { CronError, isValidTimeZone, nextRun, parseCron } from '../../../../functions/savedQueries/cron';

const at = (iso: string) => Date.parse(iso);
const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

describe('parseCron', () => {
  it('expands lists, ranges, steps and names', () => {
    const spec = parseCron('*/15 9-17/4 1,15 jan-mar MON-FRI');
    expect([...spec.minutes]).toEqual([0, 15, 30, 45]);
    expect([...spec.hours]).toEqual([9, 13, 17]);
    expect([...spec.daysOfMonth]).toEqual([1, 15]);
    expect([...spec.months]).toEqual([1, 2, 3]);
    expect([...spec.daysOfWeek]).toEqual([1, 2, 3, 4, 5]);
    expect(spec.domRestricted && spec.dowRestricted).toBe(true);
  });

  it('reads `?` in a day field as `*` (Quartz, EventBridge)', () => {
    expect(parseCron('0 9 ? * MON').dowRestricted).toBe(true);
    expect(parseCron('0 9 ? * MON').domRestricted).toBe(false);
    expect(() => parseCron('? 9 * * *')).toThrow(/invalid minute value/);
  });

  it('treats 7 as Sunday and a single value with a step as running to the end', () => {
    expect([...parseCron('0 0 * * 7').daysOfWeek]).toEqual([0]);
    expect([...parseCron('5/20 * * * *').minutes]).toEqual([5, 25, 45]);
  });

  it.each([
    ['* * * *', /expected 5 fields/],
    ['', /expected 5 fields/],
    ['60 * * * *', /minute value 60 is outside 0-59/],
    ['* 24 * * *', /hour value 24/],
    ['* * 0 * *', /day of month value 0/],
    ['* * * 13 *', /month value 13/],
    ['*/0 * * * *', /invalid step/],
    ['5-1 * * * *', /goes backwards/],
    ['a * * * *', /invalid minute value 'a'/],
    ['1,,2 * * * *', /empty item/],
  ])('refuses %j', (expr, message) => {
    expect(() => parseCron(expr)).toThrow(CronError);
    expect(() => parseCron(expr)).toThrow(message);
  });
});

describe('nextRun', () => {
  it('finds the next minute strictly after the given time', () => {
    expect(iso(nextRun('* * * * *', 'UTC', at('2026-03-01T10:00:00Z')))).toBe('2026-03-01T10:01:00.000Z');
    expect(iso(nextRun('* * * * *', 'UTC', at('2026-03-01T10:00:30Z')))).toBe('2026-03-01T10:01:00.000Z');
  });

  it('rolls over hours, days, months and years', () => {
    expect(iso(nextRun('30 2 * * *', 'UTC', at('2026-03-01T10:00:00Z')))).toBe('2026-03-02T02:30:00.000Z');
    expect(iso(nextRun('0 0 1 * *', 'UTC', at('2026-12-15T00:00:00Z')))).toBe('2027-01-01T00:00:00.000Z');
  });

  it('evaluates in the given time zone', () => {
    // 09:00 in New York is 14:00 UTC in winter (EST) and 13:00 UTC in summer (EDT).
    expect(iso(nextRun('0 9 * * *', 'America/New_York', at('2026-01-10T12:00:00Z')))).toBe('2026-01-10T14:00:00.000Z');
    expect(iso(nextRun('0 9 * * *', 'America/New_York', at('2026-07-10T12:00:00Z')))).toBe('2026-07-10T13:00:00.000Z');
    expect(iso(nextRun('0 9 * * *', 'Asia/Kolkata', at('2026-07-10T12:00:00Z')))).toBe('2026-07-11T03:30:00.000Z');
  });

  it('skips a wall time that a spring-forward gap removes', () => {
    // 2026-03-08 02:30 does not exist in New York; the next 02:30 is on 03-09 (EDT, 06:30 UTC).
    expect(iso(nextRun('30 2 * * *', 'America/New_York', at('2026-03-08T05:00:00Z')))).toBe('2026-03-09T06:30:00.000Z');
  });

  it('runs a repeated fall-back wall time once', () => {
    // 2026-11-01 01:30 happens at 05:30 UTC (EDT) and again at 06:30 UTC (EST).
    const first = nextRun('30 1 * * *', 'America/New_York', at('2026-11-01T04:00:00Z'));
    expect(iso(first)).toBe('2026-11-01T05:30:00.000Z');
    expect(iso(nextRun('30 1 * * *', 'America/New_York', first!))).toBe('2026-11-02T06:30:00.000Z');
  });

  it('applies either day field when both are restricted (Vixie cron)', () => {
    // The 13th, or any Friday: from Mon 2026-03-02 the first is Fri 03-06.
    expect(iso(nextRun('0 0 13 * 5', 'UTC', at('2026-03-02T00:00:00Z')))).toBe('2026-03-06T00:00:00.000Z');
    // Only day-of-week restricted.
    expect(iso(nextRun('0 12 * * sun', 'UTC', at('2026-03-02T00:00:00Z')))).toBe('2026-03-08T12:00:00.000Z');
  });

  it('finds leap days and gives up on dates that never come', () => {
    expect(iso(nextRun('0 0 29 2 *', 'UTC', at('2026-03-01T00:00:00Z')))).toBe('2028-02-29T00:00:00.000Z');
    expect(nextRun('0 0 31 2 *', 'UTC', at('2026-03-01T00:00:00Z'))).toBeNull();
  });
});

describe('isValidTimeZone', () => {
  it('knows IANA names and refuses others', () => {
    expect(isValidTimeZone('Europe/Paris')).toBe(true);
    expect(isValidTimeZone('UTC')).toBe(true);
    expect(isValidTimeZone('Mars/Olympus_Mons')).toBe(false);
  });
});
