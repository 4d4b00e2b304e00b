import { describe, expect, it } from 'vitest';
import { humanizeCron } from '../../../../shared/scheduling/humanizeCron';

describe('humanizeCron', () => {
  it('says common schedules in words and leaves others as written', () => {
    expect(humanizeCron('* * * * *')).toBe('Every minute');
    expect(humanizeCron('*/5 * * * *')).toBe('Every 5 minutes');
    expect(humanizeCron('0 9 * * *')).toBe('At 09:00');
    expect(humanizeCron('0 9 * * 1-5')).toBe('At 09:00, Monday through Friday');
    expect(humanizeCron('30 7 1 * *')).toBe('At 07:30, on day 1 of the month');
    expect(humanizeCron('0 9 * * 1')).toBe('At 09:00, only on Monday');
    expect(humanizeCron('0 */2 * * *')).toBe('Every 2 hours');
    expect(humanizeCron('0 9 1 1 *')).toBe('0 9 1 1 *');
  });
});
