// The chart host draws each kind of plugin props with an accessible name: tables with their formatted
// cells and totals, pivot tables, big numbers, and ECharts options behind role="img".
import { describe, expect, it } from 'vitest';
import { renderToStaticMarkup } from 'react-dom/server';
import { createElement } from 'react';
import { ChartView } from '../../../../../../frontend/src/features/charts/render/ChartView';
import { getPlugin } from '../../../../../../shared/viz/registry';
import { GenericDataType } from '../../../../../../shared/viz/query/contract';

const answer = (data: Record<string, unknown>[], colnames: string[], coltypes: number[]) =>
  ({ data, colnames, coltypes, rowcount: data.length }) as never;

describe('ChartView', () => {
  it('draws a table plugin: headers, formatted cells, an accessible name', () => {
    const plugin = getPlugin('table')!;
    const formData = { viz_type: 'table', query_mode: 'aggregate', groupby: ['Origin'], metrics: ['count'] };
    const props = plugin.transformProps({
      formData,
      queriesData: [answer([{ Origin: 'USA', count: 254 }, { Origin: 'Japan', count: 79 }], ['Origin', 'count'], [GenericDataType.String, GenericDataType.Numeric])],
      width: 400,
      height: 300,
    });
    const html = renderToStaticMarkup(createElement(ChartView, { props, label: 'Cars by origin' }));
    expect(html).toContain('aria-label="Cars by origin"');
    expect(html).toMatch(/<th[^>]*>.*Origin/);
    expect(html).toContain('USA');
    expect(html).toContain('254');
  });

  it('draws a big number with its formatted value', () => {
    const plugin = getPlugin('big_number_total')!;
    const props = plugin.transformProps({
      formData: { viz_type: 'big_number_total', metric: 'count', y_axis_format: ',d' },
      queriesData: [answer([{ count: 12345 }], ['count'], [GenericDataType.Numeric])],
      width: 300,
      height: 200,
    });
    const html = renderToStaticMarkup(createElement(ChartView, { props, label: 'Total' }));
    expect(html).toContain('role="figure"');
    expect(html).toContain('12,345');
  });

  it('puts an ECharts chart behind role="img" named after the chart', () => {
    const plugin = getPlugin('pie')!;
    const props = plugin.transformProps({
      formData: { viz_type: 'pie', groupby: ['Origin'], metric: 'count' },
      queriesData: [answer([{ Origin: 'USA', count: 254 }], ['Origin', 'count'], [GenericDataType.String, GenericDataType.Numeric])],
      width: 300,
      height: 200,
    });
    expect(props.kind).toBe('echarts');
    const html = renderToStaticMarkup(createElement(ChartView, { props, label: 'Share by origin' }));
    expect(html).toContain('role="img"');
    expect(html).toContain('aria-label="Share by origin"');
  });
});
