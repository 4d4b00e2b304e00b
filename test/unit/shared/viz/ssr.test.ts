// Every viz type's ECharts option renders with ECharts SSR (the report renderer's path) without throwing
// and with the expected number of series; every request validates against the chart data route's schema.
import { describe, expect, it } from 'vitest';
import { ChartDataQueryContextSchema } from '../../../../shared/schemas/chartData';
import { listPlugins } from '../../../../shared/viz/registry';
import { optionOf, renderSvg } from './render';
import { SAMPLES, SAMPLE_ROWS } from './samples';

describe('each ECharts option renders with ECharts SSR without throwing and with the expected number of series', () => {
  it('every registered viz type has a sample', () => {
    expect(listPlugins().map((p) => p.vizType).filter((t) => !SAMPLES[t])).toEqual([]);
  });
  for (const plugin of listPlugins()) {
    it(plugin.vizType, () => {
      const sample = SAMPLES[plugin.vizType];
      expect(() => ChartDataQueryContextSchema.parse(plugin.buildQuery(sample.formData))).not.toThrow();
      const props = plugin.transformProps({ formData: sample.formData, queriesData: sample.answer(SAMPLE_ROWS), width: 800, height: 500 });
      const option = optionOf(props);
      if (sample.series === null) {
        expect(['table', 'pivot']).toContain(props.kind);
        return;
      }
      if (option === null) {
        expect(sample.series).toBe(0);
        return;
      }
      const { svg, series } = renderSvg(option, 800, 500);
      expect(svg.startsWith('<svg')).toBe(true);
      expect(svg).toMatch(/<path|<rect|<circle|<text/);
      expect(series).toBe(sample.series);
    });
  }
  for (const [vizType, sample] of Object.entries(SAMPLES).filter(([, s]) => s.golden)) {
    it(`${vizType} on Superset's golden answer`, () => {
      const plugin = listPlugins().find((p) => p.vizType === vizType)!;
      const option = optionOf(plugin.transformProps({ formData: sample.formData, queriesData: sample.golden!, width: 640, height: 480 }));
      if (option) expect(renderSvg(option, 640, 480).series).toBeGreaterThan(0);
    });
  }
});
