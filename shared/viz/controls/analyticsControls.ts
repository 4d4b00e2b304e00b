// Advanced analytics and time comparison controls: contribution, rolling window, time shifts,
// resample (Superset's advanced analytics section).
import { control } from './types';
import type { FormData } from '../types';
import {
  COMPARISON_TYPE_CHOICES,
  CONTRIBUTION_CHOICES,
  RESAMPLE_METHOD_CHOICES,
  RESAMPLE_RULE_CHOICES,
  ROLLING_TYPE_CHOICES,
  TIME_SHIFT_CHOICES,
} from './choices';
import { validateInteger } from './validators';

const isWindowRolling = (fd: FormData) => ['mean', 'sum', 'std'].includes(String(fd.rolling_type));

export const contributionMode = control('contributionMode', {
  type: 'SelectControl',
  label: 'Contribution Mode',
  default: null,
  choices: CONTRIBUTION_CHOICES,
  description: 'Calculate contribution per series or row',
});

export const rolling_type = control('rolling_type', {
  type: 'SelectControl',
  label: 'Rolling Function',
  default: null,
  choices: ROLLING_TYPE_CHOICES,
  description: 'Defines a rolling window function to apply, works along with the [Periods] text box',
});

export const rolling_periods = control('rolling_periods', {
  type: 'TextControl',
  label: 'Periods',
  default: null,
  validators: [validateInteger],
  visibility: isWindowRolling,
  description: 'Defines the size of the rolling window function, relative to the time granularity selected',
});

export const min_periods = control('min_periods', {
  type: 'TextControl',
  label: 'Min Periods',
  default: null,
  validators: [validateInteger],
  visibility: isWindowRolling,
  description: 'The minimum number of rolling periods required to show a value.',
});

export const time_compare = control('time_compare', {
  type: 'SelectControl',
  label: 'Time shift',
  multi: true,
  freeForm: true,
  default: [],
  choices: TIME_SHIFT_CHOICES,
  description: 'Overlay one or more timeseries from a relative time period.',
});

export const comparison_type = control('comparison_type', {
  type: 'SelectControl',
  label: 'Calculation type',
  default: 'values',
  choices: COMPARISON_TYPE_CHOICES,
  description: 'How to display time shifts: as individual lines; as the difference, percentage change or ratio.',
});

export const resample_rule = control('resample_rule', {
  type: 'SelectControl',
  label: 'Rule',
  default: null,
  freeForm: true,
  choices: RESAMPLE_RULE_CHOICES,
  description: 'Pandas resample rule',
});

export const resample_method = control('resample_method', {
  type: 'SelectControl',
  label: 'Fill method',
  default: null,
  choices: RESAMPLE_METHOD_CHOICES,
  description: 'Pandas resample method',
});

export const ADVANCED_ANALYTICS_ROWS = [[rolling_type], [rolling_periods, min_periods]];
export const TIME_COMPARISON_ROWS = [[time_compare, comparison_type]];
export const RESAMPLE_ROWS = [[resample_rule, resample_method]];
