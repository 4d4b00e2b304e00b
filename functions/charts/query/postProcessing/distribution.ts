// histogram (numpy's equal-width bins, labels "low - high") and boxplot (Superset's tukey, min/max or
// percentile whiskers with midpoint quartiles, outliers as lists), per group.
import { aggregate } from './reshape';
import { asList, keyOf, numbers, percentileMidpoint, pyFloat, requireColumns, stepError, type Frame, type Row } from './frame';

export function histogram(frame: Frame, options: Record<string, unknown>): Frame {
  const column = String(options.column ?? '');
  const groupby = asList(options.groupby);
  const bins = Number(options.bins ?? 5);
  if (!Number.isInteger(bins) || bins < 1) throw stepError('The number of bins must be a positive integer.');
  requireColumns(frame, [column, ...groupby], 'histogram');
  const all = numbers(frame.rows.map((row) => row[column]));
  let low = all.length ? Math.min(...all) : 0;
  let high = all.length ? Math.max(...all) : 1;
  if (low === high) {
    low -= 0.5;
    high += 0.5;
  }
  const edges = Array.from({ length: bins + 1 }, (_, i) => low + ((high - low) * i) / bins);
  const labels = edges.slice(0, -1).map((edge, i) => `${pyFloat(edge)} - ${pyFloat(edges[i + 1])}`);
  const groups = new Map<string, { key: unknown[]; values: number[] }>();
  for (const row of frame.rows) {
    const key = groupby.map((name) => row[name] ?? null);
    const group = groups.get(keyOf(key)) ?? { key, values: [] };
    if (typeof row[column] === 'number') group.values.push(row[column] as number);
    groups.set(keyOf(key), group);
  }
  if (groups.size === 0) groups.set('[]', { key: [], values: [] });
  const rows = [...groups.values()].map(({ key, values }) => {
    const counts = new Array<number>(bins).fill(0);
    for (const value of values) counts[Math.min(bins - 1, Math.floor(((value - low) / (high - low)) * bins))] += 1;
    let running = 0;
    const shown = options.cumulative === true ? counts.map((count) => (running += count)) : counts;
    const total = values.length || 1;
    const row: Row = {};
    groupby.forEach((name, i) => (row[name] = key[i]));
    labels.forEach((label, i) => (row[label] = options.normalize === true ? shown[i] / total : shown[i]));
    return row;
  });
  return { columns: [...groupby, ...labels], rows };
}

export function boxplot(frame: Frame, options: Record<string, unknown>): Frame {
  const groupby = asList(options.groupby);
  const metrics = asList(options.metrics);
  const whisker = String(options.whisker_type ?? 'tukey');
  const percentiles = Array.isArray(options.percentiles) ? options.percentiles.map(Number) : [];
  if (metrics.length === 0) throw stepError('boxplot needs metrics.');
  if (whisker === 'percentile' && (percentiles.length !== 2 || !(percentiles[0] < percentiles[1]))) {
    throw stepError('percentiles must be a list or tuple with two numeric values, of which the first is lower than the second value');
  }
  const q1 = (values: number[]) => percentileMidpoint(values, 25) as number;
  const q3 = (values: number[]) => percentileMidpoint(values, 75) as number;
  const bounds = (values: number[]): [number | null, number | null] => {
    if (!values.length) return [null, null];
    if (whisker === 'min/max') return [Math.min(...values), Math.max(...values)];
    if (whisker === 'percentile') return [percentileMidpoint(values, percentiles[0]), percentileMidpoint(values, percentiles[1])];
    if (whisker !== 'tukey') throw stepError(`Invalid whisker_type: ${whisker}`);
    const iqr = q3(values) - q1(values);
    const inside = (limitLow: number, limitHigh: number) => values.filter((value) => value >= limitLow && value <= limitHigh);
    return [Math.min(...inside(q1(values) - 1.5 * iqr, Infinity)), Math.max(...inside(-Infinity, q3(values) + 1.5 * iqr))];
  };
  const spec: Record<string, { column: string; operator: (values: unknown[]) => unknown }> = {};
  for (const metric of metrics) {
    const of = (fn: (values: number[]) => unknown) => ({ column: metric, operator: (values: unknown[]) => (numbers(values).length ? fn(numbers(values)) : null) });
    spec[`${metric}__mean`] = of((v) => v.reduce((a, b) => a + b, 0) / v.length);
    spec[`${metric}__median`] = of((v) => percentileMidpoint(v, 50));
    spec[`${metric}__max`] = of((v) => bounds(v)[1]);
    spec[`${metric}__min`] = of((v) => bounds(v)[0]);
    spec[`${metric}__q1`] = of(q1);
    spec[`${metric}__q3`] = of(q3);
    spec[`${metric}__count`] = { column: metric, operator: (values) => numbers(values).length };
    spec[`${metric}__outliers`] = {
      column: metric,
      operator: (values) => {
        const v = numbers(values);
        const [low, high] = bounds(v);
        return [...v.filter((value) => high !== null && value > high), ...v.filter((value) => low !== null && value < low)];
      },
    };
  }
  return aggregate(frame, { groupby, aggregates: spec });
}

/**
 * rank: the metric's percentile rank (average rank over count, as pandas rank(pct=True)) in a `rank`
 * column, over the whole frame or within each group_by value (heatmap normalization).
 */
export function rank(frame: Frame, options: Record<string, unknown>): Frame {
  const metric = String(options.metric ?? '');
  const groupBy = asList(options.group_by);
  requireColumns(frame, [metric, ...groupBy], 'rank');
  const groups = new Map<string, number[]>();
  frame.rows.forEach((row, i) => {
    const key = keyOf(groupBy.map((name) => row[name] ?? null));
    groups.set(key, [...(groups.get(key) ?? []), i]);
  });
  const ranks = new Array<number | null>(frame.rows.length).fill(null);
  for (const indexes of groups.values()) {
    const valued = indexes.filter((i) => typeof frame.rows[i][metric] === 'number');
    const sorted = [...valued].sort((a, b) => (frame.rows[a][metric] as number) - (frame.rows[b][metric] as number));
    for (let start = 0; start < sorted.length; ) {
      let end = start;
      while (end + 1 < sorted.length && frame.rows[sorted[end + 1]][metric] === frame.rows[sorted[start]][metric]) end++;
      const average = (start + end) / 2 + 1;
      for (let k = start; k <= end; k++) ranks[sorted[k]] = average / sorted.length;
      start = end + 1;
    }
  }
  const columns = frame.columns.includes('rank') ? frame.columns : [...frame.columns, 'rank'];
  return { columns, rows: frame.rows.map((row, i) => ({ ...row, rank: ranks[i] })) };
}
