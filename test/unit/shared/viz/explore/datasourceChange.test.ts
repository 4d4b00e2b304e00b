// Spec §4 Explore: A datasource change remaps metric, column and option controls. Renaming metrics
// renames their column config.
import { describe, expect, it } from 'vitest';
import { remapForDatasource, renameEditedMetrics, renameMetricColumnConfig } from '../../../../../shared/viz/explore/datasourceChange';

const cars = {
  columns: [{ column_name: 'Origin' }, { column_name: 'Horsepower' }, { column_name: 'Year', is_dttm: true }],
  metrics: [{ metric_name: 'count' }],
};

describe('A datasource change remaps metric, column and option controls', () => {
  it('keeps what the new dataset has, drops the rest, recomputes temporal columns', () => {
    const fd = {
      viz_type: 'echarts_timeseries_line',
      datasource: '2__table',
      x_axis: 'date',
      metrics: ['count', 'avg_temp', { expressionType: 'SIMPLE', column: { column_name: 'Horsepower' }, aggregate: 'AVG' }, { expressionType: 'SIMPLE', column: { column_name: 'temp_max' }, aggregate: 'AVG' }, { expressionType: 'SQL', sqlExpression: 'MAX(x)' }],
      groupby: ['Origin', 'weather'],
      adhoc_filters: [
        { clause: 'WHERE', expressionType: 'SIMPLE', subject: 'weather', operator: '==', comparator: 'sun' },
        { clause: 'WHERE', expressionType: 'SIMPLE', subject: 'Origin', operator: '==', comparator: 'USA' },
        { clause: 'WHERE', expressionType: 'SQL', sqlExpression: '1 = 1' },
      ],
      row_limit: 500,
    };
    const next = remapForDatasource(fd, '1__table', cars);
    expect(next.datasource).toBe('1__table');
    expect(next.x_axis).toBeNull();
    expect(next.metrics).toEqual([fd.metrics[0], fd.metrics[2], fd.metrics[4]]);
    expect(next.groupby).toEqual(['Origin']);
    expect(next.adhoc_filters).toEqual([fd.adhoc_filters[1], fd.adhoc_filters[2]]);
    expect(next.row_limit).toBe(500);
    expect(next.temporal_columns_lookup).toEqual({ Year: true });
  });
  it('a single metric control missing on the new dataset becomes null', () => {
    expect(remapForDatasource({ viz_type: 'pie', metric: 'avg_temp', groupby: [] }, '1__table', cars).metric).toBeNull();
  });
});

describe('Renaming metrics renames their column config', () => {
  it('moves the settings to the new label', () => {
    const fd = { viz_type: 'table', column_config: { 'SUM(x)': { d3NumberFormat: ',d' }, other: {} } };
    expect(renameMetricColumnConfig(fd, 'SUM(x)', 'Total').column_config).toEqual({ other: {}, Total: { d3NumberFormat: ',d' } });
    expect(renameMetricColumnConfig(fd, 'missing', 'y')).toBe(fd);
  });
  it('a metric edited in place (same position, new label) takes its settings along; added or removed metrics do not', () => {
    const sum = { expressionType: 'SIMPLE', column: { column_name: 'x' }, aggregate: 'SUM', label: 'SUM(x)' };
    const fd = { viz_type: 'table', column_config: { 'SUM(x)': { d3NumberFormat: ',d' }, count: { showCellBars: false } } };
    const renamed = renameEditedMetrics(fd, ['count', sum], ['count', { ...sum, aggregate: 'MAX', label: 'MAX(x)' }]);
    expect(renamed.column_config).toEqual({ count: { showCellBars: false }, 'MAX(x)': { d3NumberFormat: ',d' } });
    expect(renameEditedMetrics(fd, sum, { ...sum, label: 'Total' }).column_config).toEqual({ count: { showCellBars: false }, Total: { d3NumberFormat: ',d' } });
    expect(renameEditedMetrics(fd, ['count', sum], ['count'])).toBe(fd);
    expect(renameEditedMetrics(fd, ['count'], ['count', sum])).toBe(fd);
  });
});
