// Pieces of a chart report checked on what they draw: the x axis's last label inside the image, a big
// number's change said once, a pivot's headers whole.
import { describe, expect, it } from 'vitest';
import { echartsToSvg } from '../../../../../functions/reports/render/echartsSvg';
import { fromVizProps } from '../../../../../functions/reports/render/fromVizProps';
import { tableToSvg } from '../../../../../functions/reports/render/tableSvg';
import { textWidth } from '../../../../../functions/reports/render/textMetrics';
import { getPlugin } from '../../../../../shared/viz/registry';
import type { ChartDataResponseResult, FormData } from '../../../../../shared/viz/types';

const props = (vizType: string, formData: Record<string, unknown>, data: Record<string, unknown>[], colnames: string[], coltypes: number[]) =>
  getPlugin(vizType)!.transformProps({ formData: { viz_type: vizType, ...formData } as FormData, queriesData: [{ data, colnames, coltypes } as unknown as ChartDataResponseResult], width: 800, height: 480 });

/** Left and right ends of a drawn text label (ECharts SSR places each with a translate and an anchor). */
function labelExtent(svg: string, text: string): [number, number] {
  const tag = new RegExp(`<text[^>]*>${text}</text>`).exec(svg)?.[0];
  if (!tag) throw new Error(`no label ${text}`);
  const x = Number(/translate\(([\d.]+)/.exec(tag)![1]) + Number(/\bx="([\d.-]+)"/.exec(tag)?.[1] ?? 0);
  const w = textWidth(text, Number(/(\d+)px/.exec(tag)![1]));
  const anchor = /text-anchor="(\w+)"/.exec(tag)?.[1] ?? 'start';
  return anchor === 'end' ? [x - w, x] : anchor === 'middle' ? [x - w / 2, x + w / 2] : [x, x + w];
}

describe('chart report pieces', () => {
  it('keeps a time axis\'s first and last labels inside the image ("December" whole)', () => {
    const data = Array.from({ length: 12 }, (_, i) => ({ __timestamp: Date.UTC(2024, i, 1), count: 10 + i * 3 }));
    const chart = fromVizProps(props('echarts_timeseries_line', { x_axis: '__timestamp', metrics: ['count'], groupby: [], x_axis_time_format: '%B', time_grain_sqla: 'P1M' }, data, ['__timestamp', 'count'], [2, 0]));
    if (chart.kind !== 'echarts') throw new Error('not echarts');
    const svg = echartsToSvg(chart.option, 800, 432);
    const [left] = labelExtent(svg, 'January');
    const [, right] = labelExtent(svg, 'December');
    expect(left).toBeGreaterThanOrEqual(0);
    expect(right).toBeLessThanOrEqual(800);
  });

  it('says a big number\'s change once: in the subheader that already carries it', () => {
    const data = [
      { __timestamp: Date.UTC(2024, 0, 1), sales: 100 },
      { __timestamp: Date.UTC(2024, 1, 1), sales: 233.6 },
    ];
    const chart = fromVizProps(props('big_number', { metric: 'sales', x_axis: '__timestamp', compare_lag: 1 }, data, ['__timestamp', 'sales'], [2, 0]));
    expect(chart).toMatchObject({ kind: 'bigNumber', subheader: '+133.6%' });
  });

  it('draws a pivot table\'s row field and column values whole in the header', () => {
    const countries = ['China', 'Japan', 'United States', 'Germany', 'France', 'India', 'Brazil', 'Canada'];
    const data = ['Adelie', 'Chinstrap', 'Gentoo'].flatMap((s) => countries.map((c, i) => ({ Species: s, Country: c, 'SUM(body_mass_g)': 1000 * (i + 1) })));
    const chart = fromVizProps(props('pivot_table_v2', { groupbyRows: ['Species'], groupbyColumns: ['Country'], metrics: ['SUM(body_mass_g)'], aggregateFunction: 'Sum' }, data, ['Species', 'Country', 'SUM(body_mass_g)'], [1, 1, 0]));
    if (chart.kind !== 'table') throw new Error('not a table');
    const svg = tableToSvg(chart, 800);
    for (const text of ['Species', 'China', 'Germany', 'Chinstrap', 'Adelie']) expect(svg).toContain(`>${text}</text>`);
    expect(svg).not.toMatch(/>[^<]*…<\/text>/);
  });
});
