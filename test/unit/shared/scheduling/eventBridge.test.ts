import { describe, expect, it } from 'vitest';
import { CronError, cronMatches, nextFire, parseCron } from '../../../../shared/scheduling/eventBridge';
import { SCHEDULES } from '../../../../shared/resources/index';

const at = (iso: string) => new Date(iso);
const next = (expr: string, after: string) => nextFire(parseCron(expr), at(after))?.toISOString();

describe('EventBridge cron', () => {
  it('parses every rule infra/aws declares', () => {
    for (const def of Object.values(SCHEDULES)) expect(() => parseCron(def.cron)).not.toThrow();
  });

  it('fires every minute for cron(* * * * ? *), strictly after the given time', () => {
    expect(next('cron(* * * * ? *)', '2026-11-22T08:30:00Z')).toBe('2026-11-22T08:31:00.000Z');
    expect(next('cron(* * * * ? *)', '2026-11-22T08:30:59.999Z')).toBe('2026-11-22T08:31:00.000Z');
  });

  it('handles numbers, lists, ranges and steps', () => {
    expect(next('cron(0/15 * * * ? *)', '2026-11-22T08:31:00Z')).toBe('2026-11-22T08:45:00.000Z');
    expect(next('cron(5,35 9-17 * * ? *)', '2026-11-22T17:40:00Z')).toBe('2026-11-23T09:05:00.000Z');
    expect(next('cron(0 */6 * * ? *)', '2026-11-22T07:00:00Z')).toBe('2026-11-22T12:00:00.000Z');
  });

  it('counts day-of-week 1 = SUN and accepts names', () => {
    // 2026-11-22 is a Sunday.
    expect(next('cron(0 12 ? * 2 *)', '2026-11-22T00:00:00Z')).toBe('2026-11-23T12:00:00.000Z');
    expect(next('cron(0 12 ? * MON-FRI *)', '2026-11-21T13:00:00Z')).toBe('2026-11-23T12:00:00.000Z');
    expect(next('cron(0 12 ? * SUN *)', '2026-11-21T13:00:00Z')).toBe('2026-11-22T12:00:00.000Z');
  });

  it('supports L and # in the day fields, month names and the year field', () => {
    expect(next('cron(0 0 L * ? *)', '2026-02-10T00:00:00Z')).toBe('2026-02-28T00:00:00.000Z');
    expect(next('cron(0 10 ? * 6#3 *)', '2026-11-01T00:00:00Z')).toBe('2026-11-20T10:00:00.000Z');
    expect(next('cron(0 10 ? * 6L *)', '2026-11-01T00:00:00Z')).toBe('2026-11-27T10:00:00.000Z');
    expect(next('cron(0 8 1 JAN ? 2028)', '2026-11-22T00:00:00Z')).toBe('2028-01-01T08:00:00.000Z');
    expect(next('cron(0 8 1 JAN ? 2020)', '2026-11-22T00:00:00Z')).toBeUndefined();
  });

  it('matches a given minute', () => {
    const cron = parseCron('cron(30 9 ? * MON *)');
    expect(cronMatches(cron, at('2026-11-23T09:30:00Z'))).toBe(true);
    expect(cronMatches(cron, at('2026-11-24T09:30:00Z'))).toBe(false);
  });

  it('rejects what EventBridge rejects', () => {
    for (const bad of ['* * * * ? *', 'cron(* * * * *)', 'cron(* * * * * *)', 'cron(* * ? * ? *)', 'cron(60 * * * ? *)', 'cron(0 0 ? * 8 *)', 'cron(0 0 ? * 0 *)', 'cron(0/0 * * * ? *)']) {
      expect(() => parseCron(bad), bad).toThrow(CronError);
    }
  });
});
