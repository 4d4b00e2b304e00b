// Spec §4 Explore: a viz_type change transforms the form data; changing a control re-validates it.
import { describe, expect, it } from 'vitest';
import { sharedAfterSwitch, switchVizType } from '../../../../../shared/viz/explore/switchVizType';
import { validateForm } from '../../../../../shared/viz/explore/validateForm';
import { applyForcedValues, defaultFormData, sanitizeSelectValue, visibleControls } from '../../../../../shared/viz/explore/controls';
import { requirePlugin } from '../../../../../shared/viz/registry';
import { initialFormData } from '../../../../../shared/viz/explore/initialFormData';
import { sharedControls as c } from '../../../../../shared/viz/controls/index';
import { COUNT, SUM_PRECIP } from '../fixtures';

const lookup = { temporal_columns_lookup: { date: true } };

describe('A viz_type change transforms the form data', () => {
  it('bar -> line keeps metrics, groupby and x_axis', () => {
    const bar = { viz_type: 'echarts_timeseries_bar', datasource: '2__table', x_axis: 'date', time_grain_sqla: 'P1M', metrics: [SUM_PRECIP], groupby: ['weather'], row_limit: 500, ...lookup };
    const line = switchVizType(bar, 'echarts_timeseries_line');
    expect(line).toMatchObject({ viz_type: 'echarts_timeseries_line', datasource: '2__table', x_axis: 'date', time_grain_sqla: 'P1M', metrics: [SUM_PRECIP], groupby: ['weather'], row_limit: 500 });
    expect(line.orientation).toBeUndefined();
  });
  it('table -> line maps groupby to x_axis (the temporal column) and groupby (the rest)', () => {
    const table = { viz_type: 'table', datasource: '2__table', query_mode: 'aggregate', groupby: ['weather', 'date'], metrics: [SUM_PRECIP], ...lookup };
    expect(switchVizType(table, 'echarts_timeseries_line')).toMatchObject({ x_axis: 'date', groupby: ['weather'], metrics: [SUM_PRECIP] });
  });
  it('table -> line without a temporal column takes the first dimension as x axis', () => {
    const table = { viz_type: 'table', groupby: ['Origin', 'Cylinders'], metrics: [COUNT] };
    expect(switchVizType(table, 'echarts_timeseries_bar')).toMatchObject({ x_axis: 'Origin', groupby: ['Cylinders'] });
  });
  it('line -> pie takes the first metric and every column', () => {
    const line = { viz_type: 'echarts_timeseries_line', x_axis: 'date', metrics: [SUM_PRECIP, COUNT], groupby: ['weather'] };
    expect(switchVizType(line, 'pie')).toMatchObject({ viz_type: 'pie', metric: SUM_PRECIP, groupby: ['date', 'weather'] });
  });
  it('pie -> table -> big number carries the metric; controls new to the type take their defaults', () => {
    const table = switchVizType({ viz_type: 'pie', metric: COUNT, groupby: ['Origin'], row_limit: 100 }, 'table');
    expect(table).toMatchObject({ metrics: [COUNT], groupby: ['Origin'], row_limit: 100, query_mode: 'aggregate', show_totals: false });
    expect(switchVizType(table, 'big_number_total')).toMatchObject({ metric: COUNT, header_font_size: 0.4 });
  });
  it('the same viz type is a no-op; an unknown one is an error', () => {
    const fd = { viz_type: 'pie', metric: COUNT };
    expect(switchVizType(fd, 'pie')).toBe(fd);
    expect(() => switchVizType(fd, 'nope')).toThrow('Unknown viz type: nope');
  });
});

describe('Changing a control re-validates it and dependent controls', () => {
  const panel = requirePlugin('echarts_timeseries_line').controlPanel;
  it('defaults of a new line chart fail on the required metrics and x axis', () => {
    const errors = validateForm(panel, defaultFormData(panel, 'echarts_timeseries_line'));
    expect(errors).toEqual({ x_axis: ['cannot be empty'], metrics: ['cannot be empty'] });
  });
  it('errors per control with the spec messages; hidden controls are not validated', () => {
    const fd = { viz_type: 'echarts_timeseries_line', x_axis: 'date', metrics: [COUNT], row_limit: 200000, groupby: ['a'], series_limit: 0, rolling_type: null, rolling_periods: 'x' };
    expect(validateForm(panel, fd)).toEqual({ row_limit: ['Value cannot exceed 100000'], series_limit: ['is expected to be a positive integer'] });
    expect(validateForm(panel, { ...fd, row_limit: 10, series_limit: 5, rolling_type: 'mean' })).toEqual({ rolling_periods: ['is expected to be an integer'] });
  });
  it('table in aggregate mode needs a dimension or a metric; raw mode needs columns and valid ordering', () => {
    const table = requirePlugin('table').controlPanel;
    expect(validateForm(table, { viz_type: 'table', query_mode: 'aggregate' })).toEqual({
      metrics: ['Group By, Metrics or Percentage Metrics must have a value'],
      percent_metrics: ['Group By, Metrics or Percentage Metrics must have a value'],
    });
    expect(validateForm(table, { viz_type: 'table', query_mode: 'raw', all_columns: [], order_by_cols: ['bad'] })).toEqual({
      all_columns: ['cannot be empty'],
      order_by_cols: ['Found invalid orderby options'],
    });
  });
  it('control visibility: time grain only for a temporal x axis', () => {
    expect(visibleControls(panel, { viz_type: 'echarts_timeseries_line', x_axis: 'date', ...lookup })).toContain('time_grain_sqla');
    expect(visibleControls(panel, { viz_type: 'echarts_timeseries_line', x_axis: 'Origin', ...lookup })).not.toContain('time_grain_sqla');
  });
  it('Percentage change forces the Y axis format to .1%', () => {
    const fd = applyForcedValues(panel, { viz_type: 'echarts_timeseries_line', comparison_type: 'percentage', time_compare: ['1 week ago'], y_axis_format: ',d' });
    expect(fd.y_axis_format).toBe('.1%');
  });
});

describe('Select controls that are not free-form drop values not among the choices; a single-select with an invalid value becomes null', () => {
  const fd = { viz_type: 'x' };
  it('single select', () => {
    expect(sanitizeSelectValue(c.comparison_type, 'bogus', fd)).toBeNull();
    expect(sanitizeSelectValue(c.comparison_type, 'ratio', fd)).toBe('ratio');
  });
  it('free-form selects keep typed values', () => {
    expect(sanitizeSelectValue(c.row_limit, 123, fd)).toBe(123);
  });
  it('multi select drops unknown entries', () => {
    const multi = { ...c.comparison_type, multi: true };
    expect(sanitizeSelectValue(multi, ['ratio', 'bogus'], fd)).toEqual(['ratio']);
  });
});

describe('Default explore form data: metrics, groupby, time_range No filter, row_limit 1000', () => {
  const datasource = {
    main_dttm_col: 'date',
    columns: [{ column_name: 'date', is_dttm: true }, { column_name: 'weather', type_generic: 1 as const }, { column_name: 'ts', type_generic: 2 as const }],
  };
  it('a new table chart (viz_type default table)', () => {
    const fd = initialFormData('2__table', datasource);
    expect(fd).toMatchObject({ viz_type: 'table', datasource: '2__table', metrics: [], groupby: [], time_range: 'No filter', row_limit: 1000, temporal_columns_lookup: { date: true, ts: true } });
    expect(fd.adhoc_filters).toEqual([{ clause: 'WHERE', expressionType: 'SIMPLE', subject: 'date', operator: 'TEMPORAL_RANGE', comparator: 'No filter' }]);
    expect(fd.x_axis).toBeUndefined();
  });
  it('a new line chart takes the main time column as x axis', () => {
    expect(initialFormData('2__table', datasource, 'echarts_timeseries_line')).toMatchObject({ x_axis: 'date', time_grain_sqla: 'P1D' });
  });
});

describe('Controls a viz type lacks are kept for a later switch', () => {
  it('table -> big number -> pivot -> table keeps the dimensions, metrics and time grain', () => {
    const table = { viz_type: 'table', query_mode: 'aggregate', groupby: ['date', 'Origin'], metrics: [COUNT], time_grain_sqla: 'P1M', ...lookup };
    let shared = sharedAfterSwitch(table, 'big_number_total', {});
    const big = switchVizType(table, 'big_number_total', {});
    expect(big).toMatchObject({ metric: COUNT });
    expect(big.groupby).toBeUndefined();
    const pivot = switchVizType(big, 'pivot_table_v2', shared);
    expect(pivot).toMatchObject({ metrics: [COUNT], groupbyRows: ['date', 'Origin'], groupbyColumns: [], time_grain_sqla: 'P1M' });
    shared = sharedAfterSwitch(big, 'pivot_table_v2', shared);
    expect(shared).not.toHaveProperty('time_grain_sqla');
    const back = switchVizType(pivot, 'table', shared);
    expect(back).toMatchObject({ groupby: ['date', 'Origin'], metrics: [COUNT], time_grain_sqla: 'P1M' });
  });
  it('a metric changed in the big number wins over the one kept from the table', () => {
    const table = { viz_type: 'table', groupby: ['Origin'], metrics: [COUNT] };
    const shared = sharedAfterSwitch(table, 'big_number_total', {});
    const big = { ...switchVizType(table, 'big_number_total', {}), metric: SUM_PRECIP };
    expect(switchVizType(big, 'pie', shared)).toMatchObject({ metric: SUM_PRECIP, groupby: ['Origin'] });
  });
});
