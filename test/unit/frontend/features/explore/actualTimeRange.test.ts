// The time range picker's "Actual time range" line: the range forms of the chart data API (Charts,
// part 1) shown as the range the query applies, and the grammar's error for a range it refuses.
import { describe, expect, it } from 'vitest';
import { actualTimeRange, COMMON_TIME_RANGES } from '../../../../../frontend/src/features/explore/components/controls/actualTimeRange';

const NOW = new Date('2024-03-15T10:30:00Z');

describe('actual time range', () => {
  it('No filter is unbounded', () => {
    expect(actualTimeRange('No filter', 'dep_time', NOW)).toEqual({ text: '-∞ ≤ dep_time < ∞', error: null });
  });
  it('Last week, previous calendar month, Current year', () => {
    expect(actualTimeRange('Last week', 'ds', NOW).text).toBe('2024-03-08 ≤ ds < 2024-03-15');
    expect(actualTimeRange('previous calendar month', 'ds', NOW).text).toBe('2024-02-01 ≤ ds < 2024-03-01');
    expect(actualTimeRange('Current year', 'ds', NOW).text).toBe('2024-01-01 ≤ ds < 2025-01-01');
  });
  it('advanced start : end with dates, times and open sides', () => {
    expect(actualTimeRange('2024-01-01 : 2024-02-01T12:00:00', 'ds', NOW).text).toBe('2024-01-01 ≤ ds < 2024-02-01T12:00:00');
    expect(actualTimeRange(' : 2024-02-01', 'ds', NOW).text).toBe('-∞ ≤ ds < 2024-02-01');
  });
  it('a reversed or unreadable range is an error, not a range', () => {
    expect(actualTimeRange('2024-02-01 : 2024-01-01', 'ds', NOW)).toEqual({ text: null, error: 'From date cannot be larger than to date' });
    expect(actualTimeRange('not a date : 2024-01-01', 'ds', NOW).error).toBeTruthy();
  });
  it('every offered choice is a range the grammar reads', () => {
    for (const range of COMMON_TIME_RANGES) expect(actualTimeRange(range, 'ds', NOW).error).toBeNull();
  });
});
