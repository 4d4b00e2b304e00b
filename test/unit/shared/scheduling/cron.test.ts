import { describe, expect, it } from 'vitest';
import { CronError, isValidTimeZone, nextRun, parseCron } from '../../../../shared/scheduling/cron';

const at = (iso: string) => Date.parse(iso);
const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

const runs = (expr: string, from: string, n: number, tz = 'UTC') => {
  const out: string[] = [];
  let t = at(from);
  for (let i = 0; i < n; i++) {
    t = nextRun(expr, tz, t)!;
    out.push(new Date(t).toISOString().slice(0, 16));
  }
  return out;
};

describe('parseCron', () => {
  it('expands lists, ranges, steps and names', () => {
    // Minutes */15, hours 9-17/4 (9, 13, 17), the 1st or 15th of Jan-Mar or any weekday of those months.
    expect(runs('*/15 9-17/4 1,15 jan-mar MON-FRI', '2026-03-31T17:40:00Z', 6)).toEqual([
      '2026-03-31T17:45', '2027-01-01T09:00', '2027-01-01T09:15', '2027-01-01T09:30', '2027-01-01T09:45', '2027-01-01T13:00',
    ]);
    // Sat 2027-01-02 and Sun 01-03 are neither weekdays nor the 1st/15th: next is Mon 01-04.
    expect(runs('0 9 1,15 jan-mar MON-FRI', '2027-01-01T10:00:00Z', 1)).toEqual(['2027-01-04T09:00']);
    expect(parseCron('  0   9 * *  1 ')).toBe('0 9 * * 1');
  });

  it('reads `?` in a day field as `*` (Quartz, EventBridge)', () => {
    expect(runs('0 9 ? * MON', '2026-03-01T00:00:00Z', 2)).toEqual(['2026-03-02T09:00', '2026-03-09T09:00']);
    expect(runs('0 9 1 * ?', '2026-03-01T10:00:00Z', 1)).toEqual(['2026-04-01T09:00']);
    expect(() => parseCron('? 9 * * *')).toThrow(/invalid minute value/);
  });

  it('treats 7 as Sunday and a single value with a step as running to the end', () => {
    expect(runs('0 0 * * 7', '2026-03-02T00:00:00Z', 1)).toEqual(['2026-03-08T00:00']);
    expect(runs('5/20 * * * *', '2026-03-01T00:00:00Z', 4)).toEqual(['2026-03-01T00:05', '2026-03-01T00:25', '2026-03-01T00:45', '2026-03-01T01:05']);
  });

  it.each([
    ['* * * *', /expected 5 fields/],
    ['', /expected 5 fields/],
    ['* * * * * *', /expected 5 fields/],
    ['60 * * * *', /minute value 60 is outside 0-59/],
    ['* 24 * * *', /hour value 24/],
    ['* * 0 * *', /day of month value 0/],
    ['* * * 13 *', /month value 13/],
    ['1-70 * * * *', /minute field '1-70' has a value outside 0-59/],
    ['*/0 * * * *', /illegal stepping/],
    ['5-1 * * * *', /larger than/],
    ['a * * * *', /illegal characters/],
    ['1,,2 * * * *', /empty/],
  ])('refuses %j', (expr, message) => {
    expect(() => parseCron(expr)).toThrow(CronError);
    expect(() => parseCron(expr)).toThrow(message);
    expect(() => nextRun(expr, 'UTC', 0)).toThrow(CronError);
  });
});

describe('nextRun', () => {
  it('finds the next minute strictly after the given time', () => {
    expect(iso(nextRun('* * * * *', 'UTC', at('2026-03-01T10:00:00Z')))).toBe('2026-03-01T10:01:00.000Z');
    expect(iso(nextRun('* * * * *', 'UTC', at('2026-03-01T10:00:59.999Z')))).toBe('2026-03-01T10:01:00.000Z');
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

  it('keeps a daily wall time on both sides of a DST change (Europe/Berlin)', () => {
    // CET (UTC+1) until 2026-03-29 02:00, CEST (UTC+2) after; back to CET on 2026-10-25.
    expect(runs('0 9 * * *', '2026-03-27T12:00:00Z', 3, 'Europe/Berlin')).toEqual(['2026-03-28T08:00', '2026-03-29T07:00', '2026-03-30T07:00']);
    expect(runs('0 9 * * *', '2026-10-23T12:00:00Z', 3, 'Europe/Berlin')).toEqual(['2026-10-24T07:00', '2026-10-25T08:00', '2026-10-26T08:00']);
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
