// rolling (mean, sum, std, cumsum and the other pandas window functions), cum (cumulative sum, prod,
// min, max) and diff, over rows in their current order; targets named by `columns` {source: target}.
import { aggregator, asRecord, expandFirstLevel, numbers, requireColumns, stepError, type Frame, type Row } from './frame';

function targets(frame: Frame, options: Record<string, unknown>, step: string): [string, string][] {
  const named = Object.entries(asRecord(options.columns)).map(([source, target]) => [source, String(target ?? source)] as [string, string]);
  const mapping = expandFirstLevel(frame, named);
  requireColumns(frame, mapping.map(([source]) => source), step);
  return mapping;
}

function withColumns(frame: Frame, added: string[], rows: Row[]): Frame {
  return { columns: [...frame.columns, ...added.filter((name) => !frame.columns.includes(name))], rows };
}

const ROLLING: Record<string, string> = { mean: 'mean', sum: 'sum', std: 'std', var: 'var', median: 'median', min: 'min', max: 'max', count: 'count' };

export function rolling(frame: Frame, options: Record<string, unknown>): Frame {
  const type = String(options.rolling_type ?? '');
  const mapping = targets(frame, options, 'rolling');
  const window = Number(options.window ?? 0);
  if (type !== 'cumsum' && (!Number.isInteger(window) || window < 1)) throw stepError('Window must be > 0');
  const minPeriods = options.min_periods === undefined || options.min_periods === null ? window : Number(options.min_periods);
  if (!Number.isInteger(minPeriods) || minPeriods < 0) throw stepError('Min periods must be an integer');
  if (type !== 'cumsum' && !ROLLING[type]) throw stepError(`Invalid rolling_type: ${type}`);
  const rows = frame.rows.map((row) => ({ ...row }));
  for (const [source, target] of mapping) {
    const values = frame.rows.map((row) => row[source] ?? null);
    if (type === 'cumsum') {
      let total = 0;
      values.forEach((value, i) => {
        if (typeof value === 'number') total += value;
        rows[i][target] = typeof value === 'number' ? total : null;
      });
      continue;
    }
    const fn = aggregator(ROLLING[type]);
    values.forEach((_value, i) => {
      const slice = values.slice(Math.max(0, i - window + 1), i + 1);
      rows[i][target] = numbers(slice).length >= Math.max(minPeriods, 1) ? (fn(slice) ?? null) : null;
    });
  }
  // Superset drops the rows before the first full window.
  const kept = minPeriods > 0 && type !== 'cumsum' ? rows.slice(minPeriods - 1) : rows;
  return withColumns(frame, mapping.map(([, target]) => target), kept);
}

const CUMULATIVE: Record<string, (total: number, value: number) => number> = {
  sum: (total, value) => total + value,
  prod: (total, value) => total * value,
  min: (total, value) => Math.min(total, value),
  max: (total, value) => Math.max(total, value),
};

export function cum(frame: Frame, options: Record<string, unknown>): Frame {
  const operator = String(options.operator ?? '');
  const step = CUMULATIVE[operator];
  if (!step) throw stepError(`Invalid cumulative operator: ${operator}`);
  const mapping = targets(frame, options, 'cum');
  const rows = frame.rows.map((row) => ({ ...row }));
  for (const [source, target] of mapping) {
    let total: number | null = null;
    frame.rows.forEach((row, i) => {
      const value = row[source];
      if (typeof value === 'number') total = total === null ? value : step(total, value);
      rows[i][target] = typeof value === 'number' ? total : null;
    });
  }
  return withColumns(frame, mapping.map(([, target]) => target), rows);
}

export function diff(frame: Frame, options: Record<string, unknown>): Frame {
  const periods = Number(options.periods ?? 1);
  if (!Number.isInteger(periods)) throw stepError('Periods must be an integer');
  const mapping = targets(frame, options, 'diff');
  const rows = frame.rows.map((row) => ({ ...row }));
  for (const [source, target] of mapping) {
    frame.rows.forEach((row, i) => {
      const before = frame.rows[i - periods]?.[source];
      const value = row[source];
      rows[i][target] = typeof value === 'number' && typeof before === 'number' ? value - before : null;
    });
  }
  return withColumns(frame, mapping.map(([, target]) => target), rows);
}
