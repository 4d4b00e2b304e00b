// Option pieces every ECharts plugin shares: legend, grid padding, zoom, axis titles, label formatting.
import type { FormData } from '../types';

export type Option = Record<string, unknown>;

export function legendOption(formData: FormData, names: string[]): Option {
  const show = formData.show_legend !== false && names.length > 0;
  const orient = String(formData.legendOrientation ?? 'top');
  const vertical = orient === 'left' || orient === 'right';
  return {
    show,
    type: formData.legendType === 'plain' ? 'plain' : 'scroll',
    orient: vertical ? 'vertical' : 'horizontal',
    [orient]: 0,
    ...(vertical ? { top: 'middle' } : orient === 'top' || orient === 'bottom' ? { left: 'center' } : {}),
    data: names,
  };
}

/** Room for the legend and axis titles, as Superset's getPadding. */
export function gridOption(formData: FormData, options: { hasLegend: boolean; zoom?: boolean }): Option {
  const orient = String(formData.legendOrientation ?? 'top');
  const legendRoom = options.hasLegend && formData.show_legend !== false ? 30 : 0;
  const grid: Option = {
    containLabel: true,
    top: 30 + (orient === 'top' ? legendRoom : 0),
    bottom: 15 + (orient === 'bottom' ? legendRoom : 0) + (options.zoom ? 45 : 0) + (formData.x_axis_title ? 25 : 0),
    left: 20 + (orient === 'left' ? 120 : 0) + (formData.y_axis_title ? 25 : 0),
    right: 20 + (orient === 'right' ? 120 : 0),
  };
  return grid;
}

export function dataZoomOption(formData: FormData, horizontal = false): Option[] | undefined {
  if (!formData.zoomable) return undefined;
  const axis = horizontal ? { yAxisIndex: 0 } : { xAxisIndex: 0 };
  return [
    { type: 'slider', start: 0, end: 100, bottom: 10, ...axis },
    { type: 'inside', start: 0, end: 100, ...axis },
  ];
}

export function textStyle(color?: string, fontFamily?: string): Option | undefined {
  if (!color && !fontFamily) return undefined;
  return { ...(color ? { color } : {}), ...(fontFamily ? { fontFamily } : {}) };
}

/** [value, name] pairs for a number format label: 'key', 'value', 'percent' and their combinations. */
export function pieLikeLabel(
  type: string,
  parts: { name: string; value: string; percent: string },
): string {
  switch (type) {
    case 'value':
      return parts.value;
    case 'percent':
      return parts.percent;
    case 'key_value':
      return `${parts.name}: ${parts.value}`;
    case 'key_percent':
      return `${parts.name}: ${parts.percent}`;
    case 'key_value_percent':
      return `${parts.name}: ${parts.value} (${parts.percent})`;
    case 'value_percent':
      return `${parts.value} (${parts.percent})`;
    default:
      return parts.name;
  }
}
