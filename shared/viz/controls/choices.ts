// Choice lists of the shared controls (spec §9 constants).
import type { Choice } from './types';

const same = (values: readonly (string | number)[]): Choice[] => values.map((v) => [v, String(v)] as const);

export const ROW_LIMIT_OPTIONS = [10, 50, 100, 250, 500, 1000, 5000, 10000, 50000] as const;
export const SERIES_LIMITS = [5, 10, 25, 50, 100, 500] as const;
export const DEFAULT_ROW_LIMIT = 10000;
/** The server max row setting, else 100000 (spec §9). */
export const DEFAULT_MAX_ROW = 100_000;
export const DEFAULT_TIME_GRAIN = 'P1D';

export const ROW_LIMIT_CHOICES = same(ROW_LIMIT_OPTIONS);
export const SERIES_LIMIT_CHOICES = same(SERIES_LIMITS);

export const TIME_GRAIN_CHOICES: Choice[] = [
  [null, 'None'],
  ['PT1S', 'Second'],
  ['PT5S', '5 second'],
  ['PT30S', '30 second'],
  ['PT1M', 'Minute'],
  ['PT5M', '5 minute'],
  ['PT30M', '30 minute'],
  ['PT1H', 'Hour'],
  ['PT6H', '6 hour'],
  ['P1D', 'Day'],
  ['P7D', '7 day'],
  ['P1W', 'Week'],
  ['1969-12-28T00:00:00Z/P1W', 'Week starting Sunday'],
  ['P1W/1970-01-03T00:00:00Z', 'Week ending Saturday'],
  ['P1M', 'Month'],
  ['P3M', 'Quarter'],
  ['P1Y', 'Year'],
];

export const TIME_SHIFT_CHOICES: Choice[] = [
  '1 day',
  '1 week',
  '28 days',
  '30 days',
  '52 weeks',
  '1 year',
  '104 weeks',
  '2 years',
  '156 weeks',
  '3 years',
].map((v) => [`${v} ago`, `${v} ago`] as const);

export const COMPARISON_TYPE_CHOICES: Choice[] = [
  ['values', 'Actual values'],
  ['difference', 'Difference'],
  ['percentage', 'Percentage change'],
  ['ratio', 'Ratio'],
];

export const ROLLING_TYPE_CHOICES: Choice[] = [
  [null, 'None'],
  ['mean', 'mean'],
  ['sum', 'sum'],
  ['std', 'std'],
  ['cumsum', 'cumsum'],
];

export const RESAMPLE_RULE_CHOICES: Choice[] = [
  ['1T', '1 minutely frequency'],
  ['1H', '1 hourly frequency'],
  ['1D', '1 calendar day frequency'],
  ['7D', '7 calendar day frequency'],
  ['1M', '1 month end frequency'],
  ['1AS', '1 year start frequency'],
];

export const RESAMPLE_METHOD_CHOICES: Choice[] = [
  ['asfreq', 'Null imputation'],
  ['ffill', 'Forward values'],
  ['bfill', 'Backward values'],
  ['median', 'Median values'],
  ['mean', 'Mean values'],
  ['sum', 'Sum values'],
];

export const CONTRIBUTION_CHOICES: Choice[] = [
  [null, 'None'],
  ['row', 'Row'],
  ['column', 'Series'],
];

export const SERIES_SORT_CHOICES: Choice[] = [
  ['name', 'Category name'],
  ['sum', 'Total value'],
  ['min', 'Minimum value'],
  ['max', 'Maximum value'],
  ['avg', 'Average value'],
];

export const LEGEND_TYPE_CHOICES: Choice[] = [
  ['scroll', 'Scroll'],
  ['plain', 'Plain'],
];
export const LEGEND_ORIENTATION_CHOICES: Choice[] = [
  ['top', 'Top'],
  ['bottom', 'Bottom'],
  ['left', 'Left'],
  ['right', 'Right'],
];

export const DEFAULT_FIXED_COLOR = 'rgba(0, 122, 135, 1)';
