import { describe, expect, it } from 'vitest';
import { formatRun, parseCron, schedulePreview, toCron } from '../../../../../../frontend/src/features/reports/form/cronPicker';

describe('schedule picker', () => {
  it('reads the friendly forms back from cron text and writes them again', () => {
    for (const cron of ['* * * * *', '15 * * * *', '30 9 * * *', '0 8 * * 1,3,5', '45 6 1 * *']) expect(toCron(parseCron(cron))).toBe(cron);
    expect(parseCron('0 9 * * 1,3').frequency).toBe('week');
    expect(parseCron('0 9 * * 1-5').frequency).toBe('custom');
    expect(parseCron('*/5 * * * *').frequency).toBe('custom');
    expect(toCron(parseCron('*/5 * * * *'))).toBeNull();
  });

  it('previews the schedule in words with its next runs in the time zone, across DST', () => {
    const p = schedulePreview('0 9 * * *', 'Europe/Berlin', Date.parse('2026-03-28T12:00:00Z'));
    expect(p.words).toBe('At 09:00');
    expect(p.next.map((t) => new Date(t).toISOString())).toEqual(['2026-03-29T07:00:00.000Z', '2026-03-30T07:00:00.000Z', '2026-03-31T07:00:00.000Z']);
    expect(formatRun(p.next[0], 'Europe/Berlin')).toBe('Sun, 29 Mar 2026, 09:00');
  });

  it('says why a schedule is not valid', () => {
    const p = schedulePreview('0 25 * * *', 'UTC', 0);
    expect(p.error).toMatch(/hour value 25 is outside 0-23/);
    expect(p.next).toEqual([]);
    expect(schedulePreview('0 9 * *', 'UTC', 0).error).toMatch(/expected 5 fields/);
  });
});
