// The registry and the plugin contract: every viz type of the issue, each with a well-formed panel.
import { describe, expect, it } from 'vitest';
import { getPlugin, listPlugins, requirePlugin, VIZ_TYPES } from '../../../../shared/viz/registry';
import { defaultFormData, panelControls } from '../../../../shared/viz/explore/controls';
import { validateForm } from '../../../../shared/viz/explore/validateForm';
import { SAMPLES } from './samples';

const REQUIRED = [
  'table', 'pivot_table_v2', 'big_number_total', 'big_number', 'echarts_timeseries_line', 'echarts_timeseries_bar', 'echarts_area',
  'echarts_timeseries_scatter', 'echarts_timeseries_smooth', 'echarts_timeseries_step', 'mixed_timeseries', 'pie', 'funnel',
  'gauge_chart', 'treemap_v2', 'heatmap_v2', 'histogram_v2', 'box_plot', 'bubble_v2', 'sunburst_v2',
];

describe('viz registry', () => {
  it('has the 20 required viz types and radar, sankey_v2, word_cloud, graph_chart', () => {
    expect(VIZ_TYPES).toEqual(expect.arrayContaining([...REQUIRED, 'radar', 'sankey_v2', 'word_cloud', 'graph_chart']));
  });
  it('looks plugins up by viz_type; an unknown one is undefined or an error', () => {
    expect(getPlugin('pie')?.name).toBe('Pie Chart');
    expect(getPlugin('nope')).toBeUndefined();
    expect(() => requirePlugin('nope')).toThrow('Unknown viz type: nope');
  });
  it.each(listPlugins().map((p) => [p.vizType, p] as const))('%s: named controls with a type and label, each once per row set', (_t, plugin) => {
    const rows = plugin.controlPanel.sections.flatMap((s) => s.controlSetRows.flat());
    expect(rows.length).toBeGreaterThan(3);
    for (const ctl of rows) {
      expect(ctl.name).toMatch(/^\w+$/);
      expect(ctl.label.length).toBeGreaterThan(0);
      expect(ctl.type).toMatch(/Control|Select|Dnd/);
    }
    expect(new Set(rows.map((c) => c.name)).size).toBe(panelControls(plugin.controlPanel).length);
    expect(rows.length).toBe(panelControls(plugin.controlPanel).length);
  });
});

describe('a complete form of every viz type validates clean', () => {
  it.each(listPlugins().map((p) => [p.vizType, p] as const))('%s', (vizType, plugin) => {
    const fd = { ...defaultFormData(plugin.controlPanel, vizType), ...SAMPLES[vizType].formData };
    expect(validateForm(plugin.controlPanel, fd)).toEqual({});
  });
});
