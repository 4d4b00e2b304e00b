import { describe, expect, it } from 'vitest';
import { limitMessage, rowsReturned } from '../../../../../../frontend/src/features/sqllab/results/limitMessage';

describe('rows returned and the limit message', () => {
  it('counts the rows, singular and plural', () => {
    expect(rowsReturned(1)).toBe('1 row returned');
    expect(rowsReturned(100000)).toBe('100,000 rows returned');
  });

  it('says what limited the rows, and nothing when nothing did', () => {
    expect(limitMessage(1000, 'DROPDOWN')).toBe('The number of rows displayed is limited to 1,000 by the limit dropdown.');
    expect(limitMessage(10, 'QUERY')).toBe('The number of rows displayed is limited to 10 by the query');
    expect(limitMessage(10, 'QUERY_AND_DROPDOWN')).toMatch(/query and limit dropdown/);
    expect(limitMessage(1, 'NOT_LIMITED')).toBeNull();
    expect(limitMessage(406, undefined)).toBeNull();
    expect(limitMessage(5, 'NOT_LIMITED', true, 100000)).toMatch(/up to the 100,000 limit/);
  });
});
