// Superset's time_range grammar on a fixed clock (a Saturday afternoon, UTC).
import { describe, expect, it } from 'vitest';
import { getSinceUntil, parseHumanDatetime, TimeRangeError } from '../../../../shared/timeRange';

const NOW = new Date('2024-03-16T13:47:53.000Z');
const iso = (date: Date | null) => (date ? date.toISOString().replace('.000Z', 'Z') : null);
const range = (text: string, options = {}) => {
  const { since, until } = getSinceUntil(text, { now: NOW, ...options });
  return [iso(since), iso(until)];
};

describe('getSinceUntil', () => {
  it.each([
    ['No filter', [null, null]],
    ['', [null, null]],
    ['Last day', ['2024-03-15T00:00:00Z', '2024-03-16T00:00:00Z']],
    ['Last week', ['2024-03-09T00:00:00Z', '2024-03-16T00:00:00Z']],
    ['Last month', ['2024-02-16T00:00:00Z', '2024-03-16T00:00:00Z']],
    ['Last quarter', ['2023-12-16T00:00:00Z', '2024-03-16T00:00:00Z']],
    ['Last year', ['2023-03-16T00:00:00Z', '2024-03-16T00:00:00Z']],
    ['Last 7 days', ['2024-03-09T00:00:00Z', '2024-03-16T00:00:00Z']],
    ['Next 2 weeks', ['2024-03-16T00:00:00Z', '2024-03-30T00:00:00Z']],
    ['previous calendar week', ['2024-03-04T00:00:00Z', '2024-03-11T00:00:00Z']],
    ['previous calendar month', ['2024-02-01T00:00:00Z', '2024-03-01T00:00:00Z']],
    ['previous calendar quarter', ['2023-10-01T00:00:00Z', '2024-01-01T00:00:00Z']],
    ['previous calendar year', ['2023-01-01T00:00:00Z', '2024-01-01T00:00:00Z']],
    ['Current day', ['2024-03-16T00:00:00Z', '2024-03-17T00:00:00Z']],
    ['Current week', ['2024-03-11T00:00:00Z', '2024-03-18T00:00:00Z']],
    ['Current month', ['2024-03-01T00:00:00Z', '2024-04-01T00:00:00Z']],
    ['Current quarter', ['2024-01-01T00:00:00Z', '2024-04-01T00:00:00Z']],
    ['Current year', ['2024-01-01T00:00:00Z', '2025-01-01T00:00:00Z']],
    ['2013-01-01 : 2014-01-01', ['2013-01-01T00:00:00Z', '2014-01-01T00:00:00Z']],
    ['2013-01-01T06:30:00 : 2013-01-02 08:00', ['2013-01-01T06:30:00Z', '2013-01-02T08:00:00Z']],
    ['DATEADD(DATETIME("now"), -7, day) : now', ['2024-03-09T13:47:53Z', '2024-03-16T13:47:53Z']],
    ["DATETRUNC(DATETIME('today'), year) : LASTDAY(DATETIME('today'), month)", ['2024-01-01T00:00:00Z', '2024-03-31T00:00:00Z']],
    ['7 days ago : now', ['2024-03-09T00:00:00Z', '2024-03-16T13:47:53Z']],
    ['3 hours ago : now', ['2024-03-16T10:47:53Z', '2024-03-16T13:47:53Z']],
    ['today : tomorrow', ['2024-03-16T00:00:00Z', '2024-03-17T00:00:00Z']],
    ['yesterday : today', ['2024-03-15T00:00:00Z', '2024-03-16T00:00:00Z']],
    ['Last Monday : today', ['2024-03-11T00:00:00Z', '2024-03-16T00:00:00Z']],
    ['1 year ago : 2 weeks from now', ['2023-03-16T00:00:00Z', '2024-03-30T00:00:00Z']],
    [' : 2014-01-01', [null, '2014-01-01T00:00:00Z']],
    ['2014-01-01 : ', ['2014-01-01T00:00:00Z', null]],
  ])('%s', (text, expected) => {
    expect(range(text)).toEqual(expected);
  });

  it('counts back from now when relative_start is now', () => {
    expect(range('Last day', { relativeStart: 'now', relativeEnd: 'now' })).toEqual(['2024-03-15T13:47:53Z', '2024-03-16T13:47:53Z']);
  });

  it('clamps month arithmetic at month ends', () => {
    const { since } = getSinceUntil('Last month', { now: new Date('2024-03-31T10:00:00Z') });
    expect(iso(since)).toBe('2024-02-29T00:00:00Z');
  });

  it('refuses reversed and unreadable ranges with Superset messages', () => {
    expect(() => range('2014-01-01 : 2013-01-01')).toThrow('From date cannot be larger than to date');
    expect(() => range('whenever : now')).toThrow(TimeRangeError);
    expect(() => range('DATEADD(DATETIME("now"), -7, fortnight) : now')).toThrow(/Unknown time unit/);
    expect(() => range('DATEADD(DATETIME("now"), x, day) : now')).toThrow(TimeRangeError);
    expect(() => range('2013-02-30 : now')).toThrow(TimeRangeError);
  });
});

describe('parseHumanDatetime', () => {
  it('reads weekdays and units relative to the clock', () => {
    expect(iso(parseHumanDatetime('next friday', NOW))).toBe('2024-03-22T00:00:00Z');
    expect(iso(parseHumanDatetime('last saturday', NOW))).toBe('2024-03-09T00:00:00Z');
    expect(iso(parseHumanDatetime('last week', NOW))).toBe('2024-03-09T00:00:00Z');
    expect(iso(parseHumanDatetime('2013-01-01T00:00:00+02:00', NOW))).toBe('2012-12-31T22:00:00Z');
    expect(parseHumanDatetime('soonish', NOW)).toBeNull();
  });
});
