// viz_type -> plugin. Explore, dashboards and the report renderer look plugins up here.
import type { ChartProps, VizPlugin } from './types';
import { plugin as table } from './table/index';
import { plugin as bigNumberTotal } from './big_number_total/index';
import { plugin as line } from './echarts_timeseries_line/index';
import { plugin as bar } from './echarts_timeseries_bar/index';
import { plugin as area } from './echarts_area/index';
import { plugin as scatter } from './echarts_timeseries_scatter/index';
import { plugin as smooth } from './echarts_timeseries_smooth/index';
import { plugin as step } from './echarts_timeseries_step/index';
import { plugin as pie } from './pie/index';
import { plugin as bigNumber } from './big_number/index';
import { plugin as pivotTable } from './pivot_table_v2/index';
import { plugin as mixed } from './mixed_timeseries/index';
import { plugin as funnel } from './funnel/index';
import { plugin as gauge } from './gauge_chart/index';
import { plugin as treemap } from './treemap_v2/index';
import { plugin as heatmap } from './heatmap_v2/index';
import { plugin as histogram } from './histogram_v2/index';
import { plugin as boxPlot } from './box_plot/index';
import { plugin as bubble } from './bubble_v2/index';
import { plugin as sunburst } from './sunburst_v2/index';
import { plugin as radar } from './radar/index';
import { plugin as sankey } from './sankey_v2/index';
import { plugin as graph } from './graph_chart/index';
import { plugin as wordCloud } from './word_cloud/index';

const PLUGINS = [
  table,
  pivotTable,
  bigNumberTotal,
  bigNumber,
  line,
  bar,
  area,
  scatter,
  smooth,
  step,
  mixed,
  pie,
  funnel,
  gauge,
  treemap,
  heatmap,
  histogram,
  boxPlot,
  bubble,
  sunburst,
  radar,
  sankey,
  graph,
  wordCloud,
] as VizPlugin<ChartProps>[];

const BY_TYPE = new Map(PLUGINS.map((p) => [p.vizType, p]));

/** The default viz type of new charts (spec §3). */
export const DEFAULT_VIZ_TYPE = 'table';

export function getPlugin(vizType: string): VizPlugin<ChartProps> | undefined {
  return BY_TYPE.get(vizType);
}

/** Like getPlugin, but an unknown type is an error (for callers that cannot draw without one). */
export function requirePlugin(vizType: string): VizPlugin<ChartProps> {
  const plugin = BY_TYPE.get(vizType);
  if (!plugin) throw new Error(`Unknown viz type: ${vizType}`);
  return plugin;
}

export function listPlugins(): VizPlugin<ChartProps>[] {
  return [...PLUGINS];
}

export const VIZ_TYPES = PLUGINS.map((p) => p.vizType);
