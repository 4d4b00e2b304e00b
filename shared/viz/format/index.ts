// Number and time formatting for every viz plugin (d3-format, d3-time-format in UTC).
export * from './numberFormat';
export * from './timeFormat';
export { formatDuration } from './duration';

/** The Y axis format control's choices (spec §9: adaptive default first). */
export const NUMBER_FORMAT_CHOICES: [string, string][] = [
  ['SMART_NUMBER', 'Adaptive formatting'],
  ['~g', 'Original value'],
  [',d', ',d (12345.432 => 12,345)'],
  ['.1s', '.1s (12345.432 => 10k)'],
  ['.3s', '.3s (12345.432 => 12.3k)'],
  [',.1%', ',.1% (12345.432 => 1,234,543.2%)'],
  ['.2%', '.2% (12345.432 => 1234543.20%)'],
  ['.3%', '.3% (12345.432 => 1234543.200%)'],
  ['.4r', '.4r (12345.432 => 12350)'],
  [',.1f', ',.1f (12345.432 => 12,345.4)'],
  [',.2f', ',.2f (12345.432 => 12,345.43)'],
  [',.3f', ',.3f (12345.432 => 12,345.432)'],
  ['+,', '+, (12345.432 => +12,345.432)'],
  ['$,.2f', '$,.2f (12345.432 => $12,345.43)'],
  ['DURATION', 'Duration in ms (66000 => 1m 6s)'],
  ['DURATION_SUB', 'Duration in ms (1.40008 => 1ms 400µs 80ns)'],
];

/** Percent formats only: offered (and .1% forced) when the calculation type is Percentage change. */
export const PERCENT_FORMAT_CHOICES: [string, string][] = [
  ['.1%', '.1% (0.12345 => 12.3%)'],
  ...NUMBER_FORMAT_CHOICES.filter(([value]) => value.includes('%')),
];
