// Spec §9 Y axis formats and time formats through d3-format / d3-time-format.
import { describe, expect, it } from 'vitest';
import {
  formatDuration,
  formatNumber,
  formatTime,
  getCurrencyFormatter,
  getTimeFormatterForGranularity,
  NUMBER_FORMAT_CHOICES,
  PERCENT_FORMAT_CHOICES,
  TIME_FORMAT_CHOICES,
} from '../../../../../shared/viz/format/index';

describe('Y axis formats: adaptive (default), original, ,d, .1s, .3s, ,.1%, .2%, .3%, .4r, ,.1f, ,.2f, ,.3f, +, $,.2f, duration in ms, sub-ms duration', () => {
  it('offers exactly the spec list, adaptive first', () => {
    expect(NUMBER_FORMAT_CHOICES.map((c) => c[0])).toEqual([
      'SMART_NUMBER', '~g', ',d', '.1s', '.3s', ',.1%', '.2%', '.3%', '.4r', ',.1f', ',.2f', ',.3f', '+,', '$,.2f', 'DURATION', 'DURATION_SUB',
    ]);
  });
  it('adaptive formatting picks SI above 1000 (B for billions), 2 decimals above 1, 4 below, µ for tiny values', () => {
    expect(formatNumber(undefined, 0)).toBe('0');
    expect(formatNumber('SMART_NUMBER', 12345.432)).toBe('12.3k');
    expect(formatNumber('SMART_NUMBER', 3_200_000_000)).toBe('3.2B');
    expect(formatNumber('SMART_NUMBER', 1.2345)).toBe('1.23');
    expect(formatNumber('SMART_NUMBER', 0.012345)).toBe('0.0123');
    expect(formatNumber('SMART_NUMBER', 0.0000123)).toBe('12.3µ');
    expect(formatNumber('SMART_NUMBER', -1500)).toBe('-1.5k');
    expect(formatNumber(',.2f', -1234.5)).toBe('-1,234.50');
  });
  it.each([
    [',d', 12345.432, '12,345'],
    ['.1s', 12345.432, '10k'],
    ['.3s', 12345.432, '12.3k'],
    [',.1%', 12345.432, '1,234,543.2%'],
    ['.2%', 0.12345, '12.35%'],
    ['.3%', 0.12345, '12.345%'],
    ['.4r', 12345.432, '12350'],
    [',.1f', 12345.432, '12,345.4'],
    [',.2f', 12345.432, '12,345.43'],
    [',.3f', 12345.432, '12,345.432'],
    ['+,', 12345.432, '+12,345.432'],
    ['$,.2f', 12345.432, '$12,345.43'],
  ])('%s formats %s as %s', (spec, value, expected) => {
    expect(formatNumber(spec, value)).toBe(expected);
  });
  it('duration in ms and sub-ms duration', () => {
    expect(formatNumber('DURATION', 66000)).toBe('1m 6s');
    expect(formatNumber('DURATION', 90_061_000)).toBe('1d 1h 1m 1s');
    expect(formatNumber('DURATION', 500)).toBe('500ms');
    expect(formatNumber('DURATION_SUB', 1.40008)).toBe('1ms 400µs 80ns');
    expect(formatDuration(0)).toBe('0ms');
  });
  it('null and NaN print as their string form; an invalid specifier shows the value and the reason', () => {
    expect(formatNumber(',d', null)).toBe('null');
    expect(formatNumber(',d', Number.NaN)).toBe('NaN');
    expect(formatNumber('zz%%', 1)).toContain('Invalid format');
  });
  it('currency formats put the ISO code symbol before or after', () => {
    expect(getCurrencyFormatter({ symbol: 'USD', symbolPosition: 'prefix' }, ',.2f')(1234.5)).toBe('$1,234.50');
    expect(getCurrencyFormatter({ symbol: 'EUR', symbolPosition: 'suffix' }, ',.2f')(1234.5)).toBe('1,234.50 €');
  });
  it('When Calculation type is Percentage change, only percent formats are offered', () => {
    expect(PERCENT_FORMAT_CHOICES[0][0]).toBe('.1%');
    expect(PERCENT_FORMAT_CHOICES.every(([v]) => v.includes('%'))).toBe(true);
  });
});

describe('Time formats: adaptive default plus several date patterns', () => {
  it('adaptive is the first choice', () => {
    expect(TIME_FORMAT_CHOICES[0][0]).toBe('smart_date');
  });
  it('adaptive formatting shows the finest non-zero unit (UTC)', () => {
    expect(formatTime(undefined, Date.UTC(2020, 0, 1))).toBe('2020');
    expect(formatTime('smart_date', Date.UTC(2020, 4, 1))).toBe('May');
    expect(formatTime('smart_date', Date.UTC(2020, 4, 13))).toBe('Wed 13');
    expect(formatTime('smart_date', Date.UTC(2020, 4, 10))).toBe('May 10');
    expect(formatTime('smart_date', Date.UTC(2020, 4, 13, 15))).toBe('03 PM');
    expect(formatTime('smart_date', Date.UTC(2020, 4, 13, 15, 7))).toBe('03:07');
    expect(formatTime('smart_date', Date.UTC(2020, 4, 13, 15, 7, 9))).toBe(':09s');
    expect(formatTime('smart_date', Date.UTC(2020, 4, 13, 15, 7, 9, 120))).toBe('.120ms');
  });
  it('d3 patterns format epoch milliseconds in UTC', () => {
    expect(formatTime('%Y-%m-%d %H:%M:%S', Date.UTC(2019, 0, 14, 1, 32, 10))).toBe('2019-01-14 01:32:10');
    expect(formatTime('%d/%m/%Y', Date.UTC(2019, 0, 14))).toBe('14/01/2019');
    expect(formatTime('%Y-%m-%d', null)).toBe('null');
  });
  it('time grains have their own bucket labels', () => {
    expect(getTimeFormatterForGranularity('P1M')(Date.UTC(2020, 4, 1))).toBe('2020-05');
    expect(getTimeFormatterForGranularity('P3M')(Date.UTC(2020, 3, 1))).toBe('2020 Q2');
    expect(getTimeFormatterForGranularity('PT1H')(Date.UTC(2020, 3, 1, 5))).toBe('2020-04-01 05:00');
  });
});
