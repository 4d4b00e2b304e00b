import { describe, expect, it } from 'vitest';
import { limitMessage } from '../../../../../../frontend/src/features/sqllab/results/limitMessage';
import { formatDuration } from '../../../../../../frontend/src/features/sqllab/results/QueryStatusBar';

describe('row count and limiting factor', () => {
  it('explains which limit applied', () => {
    expect(limitMessage(1000, 'DROPDOWN')).toBe('The number of rows displayed is limited to 1,000 by the limit dropdown.');
    expect(limitMessage(10, 'QUERY')).toBe('The number of rows displayed is limited to 10 by the query');
    expect(limitMessage(10, 'QUERY_AND_DROPDOWN')).toMatch(/query and limit dropdown/);
    expect(limitMessage(1, 'NOT_LIMITED')).toBe('1 row returned');
    expect(limitMessage(406, undefined)).toBe('406 rows returned');
    expect(limitMessage(5, 'NOT_LIMITED', true, 100000)).toMatch(/up to the 100,000 limit/);
  });

  it('formats elapsed time', () => {
    expect(formatDuration(3_723_450)).toBe('01:02:03.45');
    expect(formatDuration(-5)).toBe('00:00:00.00');
  });
});
