// Spec §9 constants and §5 rules on the shared control definitions.
import { describe, expect, it } from 'vitest';
import { sharedControls as c } from '../../../../../shared/viz/controls/index';
import { controlChoices, isControlVisible } from '../../../../../shared/viz/explore/controls';
import { x_axis_sort } from '../../../../../shared/viz/timeseries/controlPanel';
import { RESAMPLE_METHOD_CHOICES, RESAMPLE_RULE_CHOICES, ROLLING_TYPE_CHOICES, TIME_GRAIN_CHOICES } from '../../../../../shared/viz/controls/choices';

const fd = (extra: Record<string, unknown> = {}) => ({ viz_type: 'echarts_timeseries_line', ...extra });
const run = (ctl: { validators?: ((v: unknown, f: never) => string | false)[] }, v: unknown) =>
  (ctl.validators ?? []).map((x) => x(v, fd() as never)).filter(Boolean);

describe('Row limit choices: 10, 50, 100, 250, 500, 1000, 5000, 10000, 50000; default 10000 in controls', () => {
  it('has the choices and default', () => {
    expect(controlChoices(c.row_limit, fd()).map((x) => x[0])).toEqual([10, 50, 100, 250, 500, 1000, 5000, 10000, 50000]);
    expect(c.row_limit.default).toBe(10000);
  });
  it('Row limit maximum: server max row setting, else 100000', () => {
    expect(run(c.row_limit, 100001)).toEqual(['Value cannot exceed 100000']);
    expect(run(c.row_limit, 'ten')).toEqual(['is expected to be an integer']);
    expect(run(c.row_limit, 5000)).toEqual([]);
  });
});

describe('Series limit choices: 5, 10, 25, 50, 100, 500', () => {
  it('has the choices and a positive-integer validator', () => {
    expect(controlChoices(c.series_limit, fd()).map((x) => x[0])).toEqual([5, 10, 25, 50, 100, 500]);
    expect(run(c.series_limit, 2.5)).toEqual(['is expected to be an integer']);
  });
});

describe('Metrics and entity controls are required', () => {
  it('metrics, metric and x axis refuse empty values', () => {
    expect(run(c.metrics, [])).toEqual(['cannot be empty']);
    expect(run(c.metric, null)).toEqual(['cannot be empty']);
    expect(run(c.x_axis, null)).toEqual(['cannot be empty']);
  });
});

describe('Rolling periods and min periods are integers', () => {
  it('validates both as integers, shown only for a window function', () => {
    expect(run(c.rolling_periods, '7.5')).toEqual(['is expected to be an integer']);
    expect(run(c.min_periods, 'x')).toEqual(['is expected to be an integer']);
    expect(isControlVisible(c.rolling_periods, fd({ rolling_type: 'mean' }))).toBe(true);
    expect(isControlVisible(c.rolling_periods, fd({ rolling_type: 'cumsum' }))).toBe(false);
  });
  it('Rolling functions: None, mean, sum, std, cumsum', () => {
    expect(ROLLING_TYPE_CHOICES.map((x) => x[1])).toEqual(['None', 'mean', 'sum', 'std', 'cumsum']);
  });
});

describe('The time grain control is visible only for a temporal x axis', () => {
  it('shows for a temporal column and hides for a categorical one', () => {
    const lookup = { temporal_columns_lookup: { ds: true } };
    expect(isControlVisible(c.time_grain_sqla, fd({ x_axis: 'ds', ...lookup }))).toBe(true);
    expect(isControlVisible(c.time_grain_sqla, fd({ x_axis: 'country', ...lookup }))).toBe(false);
  });
  it('Default time grain P1D; time grains none, 5 s, 30 s, 1 min, 5 min, 30 min, 1 h, 6 h, 1 day, 7 days, week, week starting Sunday, week ending Saturday, month, quarter, year', () => {
    expect(c.time_grain_sqla.default).toBe('P1D');
    expect(TIME_GRAIN_CHOICES.map((x) => x[0])).toEqual(
      expect.arrayContaining([null, 'PT5S', 'PT30S', 'PT1M', 'PT5M', 'PT30M', 'PT1H', 'PT6H', 'P1D', 'P7D', 'P1W', '1969-12-28T00:00:00Z/P1W', 'P1W/1970-01-03T00:00:00Z', 'P1M', 'P3M', 'P1Y']),
    );
  });
});

describe('Time shift choices: 1 day, 1 week, 28 days, 30 days, 52 weeks, 1 year, 104 weeks, 2 years, 156 weeks, 3 years', () => {
  it('offers them as offsets', () => {
    expect(controlChoices(c.time_compare, fd()).map((x) => x[0])).toEqual([
      '1 day ago', '1 week ago', '28 days ago', '30 days ago', '52 weeks ago', '1 year ago', '104 weeks ago', '2 years ago', '156 weeks ago', '3 years ago',
    ]);
  });
  it('Calculation types: values, difference, percentage, ratio', () => {
    expect(controlChoices(c.comparison_type, fd()).map((x) => x[0])).toEqual(['values', 'difference', 'percentage', 'ratio']);
  });
});

describe('When Calculation type is Percentage change, the Y axis format is forced to .1% (only percent formats offered)', () => {
  it('forces .1% and restricts choices only for a percentage comparison with a time shift', () => {
    const pct = fd({ comparison_type: 'percentage', time_compare: ['1 year ago'] });
    expect(c.y_axis_format.forcedValue?.(pct)).toBe('.1%');
    expect(controlChoices(c.y_axis_format, pct).every(([v]) => String(v).includes('%'))).toBe(true);
    expect(c.y_axis_format.forcedValue?.(fd({ comparison_type: 'ratio', time_compare: ['1 year ago'] }))).toBeUndefined();
    expect(controlChoices(c.y_axis_format, fd())[0][0]).toBe('SMART_NUMBER');
  });
});

describe('Resample rules: 1T, 1H, 1D, 7D, 1M, 1AS. Resample methods: asfreq, bfill, ffill, median, mean, sum', () => {
  it('has them', () => {
    expect(RESAMPLE_RULE_CHOICES.map((x) => x[0])).toEqual(['1T', '1H', '1D', '7D', '1M', '1AS']);
    expect(RESAMPLE_METHOD_CHOICES.map((x) => x[0]).sort()).toEqual(['asfreq', 'bfill', 'ffill', 'mean', 'median', 'sum']);
  });
});

describe('control panels as declared data', () => {
  it('controls derived from another keep their own name', () => {
    expect([c.number_format.name, c.columns.name, c.tooltipTimeFormat.name, c.subheader_font_size.name]).toEqual(['number_format', 'columns', 'tooltipTimeFormat', 'subheader_font_size']);
  });
});

describe('bar chart x axis sort', () => {
  it('offers the x axis and the metrics', () => {
    expect(controlChoices(x_axis_sort, fd({ x_axis: 'Origin', metrics: ['count', { expressionType: 'SQL', sqlExpression: 'SUM(x)', label: 'total' }] })).map((x) => x[0])).toEqual([null, 'Origin', 'count', 'total']);
  });
});
