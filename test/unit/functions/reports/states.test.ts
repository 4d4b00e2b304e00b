import { describe, expect, it } from 'vitest';
import { AlertQueryError, evaluateAlert, inGracePeriod, MESSAGES, workingTimedOut } from '../../../../functions/reports/states';

describe('evaluateAlert', () => {
  it('operator: compares the single value with the threshold', () => {
    const op = (o: string, threshold: number) => ({ type: 'operator' as const, config: { op: o, threshold } });
    expect(evaluateAlert(['n'], [{ n: 12 }], op('>', 10))).toEqual({ value: 12, triggered: true, rowJson: '{"n":12}' });
    expect(evaluateAlert(['n'], [{ n: 10 }], op('>', 10)).triggered).toBe(false);
    expect(evaluateAlert(['n'], [{ n: 10 }], op('>=', 10)).triggered).toBe(true);
    expect(evaluateAlert(['n'], [{ n: '7' }], op('==', 7)).triggered).toBe(true);
    expect(evaluateAlert(['n'], [], op('>', 0))).toEqual({ value: null, triggered: false, rowJson: null });
  });

  it('not null: holds for a non-null, non-zero value', () => {
    const nn = { type: 'not null' as const, config: null };
    expect(evaluateAlert(['n'], [{ n: 3 }], nn).triggered).toBe(true);
    expect(evaluateAlert(['n'], [{ n: 0 }], nn).triggered).toBe(false);
    expect(evaluateAlert(['n'], [{ n: null }], nn).triggered).toBe(false);
  });

  it('refuses results an alert cannot read, with Superset\'s messages', () => {
    const op = { type: 'operator' as const, config: { op: '>', threshold: 1 } };
    expect(() => evaluateAlert(['n'], [{ n: 1 }, { n: 2 }], op)).toThrow(MESSAGES.tooManyRows(2));
    expect(() => evaluateAlert(['a', 'b'], [{ a: 1, b: 2 }], op)).toThrow(MESSAGES.tooManyColumns(2));
    expect(() => evaluateAlert(['n'], [{ n: 'abc' }], op)).toThrow(AlertQueryError);
  });
});

describe('timing rules', () => {
  it('a run is past its working timeout at start + working_timeout', () => {
    expect(workingTimedOut(0, 3600, 3_599_999)).toBe(false);
    expect(workingTimedOut(0, 3600, 3_600_000)).toBe(true);
  });
  it('grace lasts grace_period seconds after the last send', () => {
    expect(inGracePeriod(null, 14400, 0)).toBe(false);
    expect(inGracePeriod(1000, 14400, 1000 + 14_399_999)).toBe(true);
    expect(inGracePeriod(1000, 14400, 1000 + 14_400_000)).toBe(false);
  });
});
