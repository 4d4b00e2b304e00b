// The time range picker's range types: a saved time_range opens under its type, switching types
// starts from that type's first range, and custom dates make 'start : end' with open sides.
import { describe, expect, it } from 'vitest';
import { COMMON_RANGES, customParts, customRange, firstValueOf, rangeTypeOf, timeRangeLabel } from '../../../../../frontend/src/features/explore/components/controls/timeRangeTypes';

describe('time range types', () => {
  it('a value opens under its range type', () => {
    expect(rangeTypeOf(undefined)).toBe('No filter');
    expect(rangeTypeOf('No filter')).toBe('No filter');
    expect(rangeTypeOf('Last year')).toBe('Last');
    expect(rangeTypeOf('last week')).toBe('Last');
    expect(rangeTypeOf('previous calendar month')).toBe('Previous');
    expect(rangeTypeOf('Current quarter')).toBe('Current');
    expect(rangeTypeOf('2013-01-01 : 2014-01-01')).toBe('Custom');
    expect(rangeTypeOf('2013-01-01T00:00:00 : ')).toBe('Custom');
    expect(rangeTypeOf("DATEADD(DATETIME('today'), -7, day) : today")).toBe('Advanced');
    expect(rangeTypeOf('Last 7 days')).toBe('Advanced');
  });

  it('custom dates make a range with open sides, and read back', () => {
    expect(customRange('2013-01-01', '2014-01-01')).toBe('2013-01-01 : 2014-01-01');
    expect(customRange('', '2014-01-01')).toBe(' : 2014-01-01');
    expect(customRange('', '')).toBe('No filter');
    expect(customParts(' : 2014-01-01')).toEqual({ start: '', end: '2014-01-01' });
    expect(customParts('today : tomorrow')).toBeNull();
  });

  it('switching type starts from the current value when it fits, else the type first range', () => {
    expect(firstValueOf('Last', 'No filter')).toBe(COMMON_RANGES.Last[0]);
    expect(firstValueOf('Previous', 'previous calendar year')).toBe('previous calendar year');
    expect(firstValueOf('No filter', 'Last year')).toBe('No filter');
    expect(firstValueOf('Advanced', 'Last year')).toBe('Last year');
    expect(firstValueOf('Custom', 'Last year')).toBe('No filter');
  });

  it('the button shows the range as chosen, No filter when empty', () => {
    expect(timeRangeLabel('Last year')).toBe('Last year');
    expect(timeRangeLabel('')).toBe('No filter');
    expect(timeRangeLabel(null)).toBe('No filter');
  });
});
