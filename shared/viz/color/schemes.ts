// Color schemes the color_scheme and linear_color_scheme controls offer, and a categorical scale that
// gives each series label a stable color (dashboard label_colors win), as Superset's CategoricalColorScale.
export const DEFAULT_COLOR_SCHEME = 'supersetColors';
export const DEFAULT_LINEAR_SCHEME = 'superset_seq_1';

export const CATEGORICAL_SCHEMES: Record<string, { label: string; colors: string[] }> = {
  supersetColors: {
    label: 'Superset Colors',
    colors: ['#1FA8C9', '#454E7C', '#5AC189', '#FF7F44', '#666666', '#E04355', '#FCC700', '#A868B7', '#3CCCCB', '#A38F79',
      '#8FD3E4', '#A1A6BD', '#ACE1C4', '#FEC0A1', '#B2B2B2', '#EFA1AA', '#FDE380', '#D3B3DA', '#9EE5E5', '#D1C6BC'],
  },
  d3Category10: {
    label: 'D3 Category 10',
    colors: ['#1f77b4', '#ff7f0e', '#2ca02c', '#d62728', '#9467bd', '#8c564b', '#e377c2', '#7f7f7f', '#bcbd22', '#17becf'],
  },
  googleCategory10c: {
    label: 'Google Category 10c',
    colors: ['#3366cc', '#dc3912', '#ff9900', '#109618', '#990099', '#0099c6', '#dd4477', '#66aa00', '#b82e2e', '#316395'],
  },
  bnbColors: {
    label: 'Airbnb Colors',
    colors: ['#ff5a5f', '#7b0051', '#007A87', '#00d1c1', '#8ce071', '#ffb400', '#b4a76c', '#ff8083', '#cc0086', '#00a1b3',
      '#00ffeb', '#bbedab', '#ffd266', '#cbc29a', '#ff3339', '#ff1ab1', '#005c66', '#00b3a5', '#55d12e', '#b37e00'],
  },
  echarts4Colors: {
    label: 'ECharts v4.x Colors',
    colors: ['#c23531', '#2f4554', '#61a0a8', '#d48265', '#91c7ae', '#749f83', '#ca8622', '#bda29a', '#6e7074', '#546570', '#c4ccd3'],
  },
  echarts5Colors: {
    label: 'ECharts v5.x Colors',
    colors: ['#5470C6', '#91CC75', '#FAC858', '#EE6666', '#73C0DE', '#3BA272', '#FC8452', '#9A60B4', '#EA7CCC'],
  },
};

export const SEQUENTIAL_SCHEMES: Record<string, { label: string; colors: string[] }> = {
  superset_seq_1: { label: 'Superset sequential #1', colors: ['#EEF9FB', '#1FA8C9', '#0D5A6D'] },
  superset_seq_2: { label: 'Superset sequential #2', colors: ['#FFF4EE', '#FF7F44', '#A33B0D'] },
  blue_white_yellow: { label: 'Blue, white, yellow', colors: ['#00d1c1', 'white', '#ffb400'] },
  fire: { label: 'Fire', colors: ['white', 'yellow', 'red', 'black'] },
  white_black: { label: 'White black', colors: ['white', 'black'] },
  black_white: { label: 'Black white', colors: ['black', 'white'] },
  dark_blue: { label: 'Dark blue', colors: ['#EBF5F8', '#6BB1CC', '#357E9B', '#1B4150', '#092935'] },
  red_yellow_blue: { label: 'Red, yellow, blue', colors: ['#d7191c', '#fdae61', '#ffffbf', '#abd9e9', '#2c7bb6'] },
};

export function categoricalColors(scheme?: string | null): string[] {
  return (CATEGORICAL_SCHEMES[scheme ?? ''] ?? CATEGORICAL_SCHEMES[DEFAULT_COLOR_SCHEME]).colors;
}

export function sequentialColors(scheme?: string | null): string[] {
  return (SEQUENTIAL_SCHEMES[scheme ?? ''] ?? SEQUENTIAL_SCHEMES[DEFAULT_LINEAR_SCHEME]).colors;
}

export type ColorScale = (label: string) => string;

/** Colors assigned in order of first use; a label keeps its color; forced label colors win. */
export function categoricalScale(scheme?: string | null, labelColors?: Record<string, string> | null): ColorScale {
  const colors = categoricalColors(scheme);
  const assigned = new Map<string, string>();
  return (label) => {
    const forced = labelColors?.[label];
    if (forced) return forced;
    let color = assigned.get(label);
    if (!color) {
      color = colors[assigned.size % colors.length];
      assigned.set(label, color);
    }
    return color;
  };
}

/** A linear scheme over [min, max]: values map to the nearest of the scheme's color stops. */
export function sequentialScale(scheme: string | null | undefined, min: number, max: number): (value: number | null) => string {
  const colors = sequentialColors(scheme);
  return (value) => {
    if (value === null || !Number.isFinite(value)) return colors[0];
    const t = max > min ? (value - min) / (max - min) : 0.5;
    return colors[Math.round(Math.min(1, Math.max(0, t)) * (colors.length - 1))];
  };
}
