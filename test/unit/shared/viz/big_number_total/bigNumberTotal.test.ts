// Big number (total): the metric over everything, formatted.
import { describe, expect, it } from 'vitest';
import { plugin } from '../../../../../shared/viz/big_number_total/index';
import { COUNT, T, empty, result } from '../fixtures';

const fd = { viz_type: 'big_number_total', datasource: '1__table', metric: COUNT, y_axis_format: ',d', subheader: 'cars' };

describe('big_number_total', () => {
  it('buildQuery asks for the one metric without columns', () => {
    const q = plugin.buildQuery(fd).queries[0];
    expect(q).toMatchObject({ metrics: [COUNT], columns: [], orderby: [] });
  });
  it('formats the value with the Y axis format', () => {
    const props = plugin.transformProps({ formData: fd, queriesData: [result([['count', T.num]], [{ count: 40600 }])], width: 300, height: 200 });
    expect(props).toMatchObject({ kind: 'bigNumber', bigNumber: 40600, formattedBigNumber: '40,600', subheader: 'cars', noDataMessage: null });
  });
  it('null value and empty results show No data', () => {
    const nullProps = plugin.transformProps({ formData: fd, queriesData: [result([['count', T.num]], [{ count: null }])], width: 1, height: 1 });
    expect(nullProps.formattedBigNumber).toBe('No data');
    const none = plugin.transformProps({ formData: fd, queriesData: [empty([['count', T.num]])], width: 1, height: 1 });
    expect(none.bigNumber).toBeNull();
    expect(none.noDataMessage).toBe('No results were returned for this query');
  });
  it('currency format and forced date formatting', () => {
    const cur = plugin.transformProps({ formData: { ...fd, y_axis_format: ',.2f', currency_format: { symbol: 'USD', symbolPosition: 'prefix' } }, queriesData: [result([['count', T.num]], [{ count: 5 }])], width: 1, height: 1 });
    expect(cur.formattedBigNumber).toBe('$5.00');
    const date = plugin.transformProps({ formData: { ...fd, force_timestamp_formatting: true, time_format: '%Y-%m-%d' }, queriesData: [result([['count', T.num]], [{ count: Date.UTC(2021, 1, 3) }])], width: 1, height: 1 });
    expect(date.formattedBigNumber).toBe('2021-02-03');
  });
});
