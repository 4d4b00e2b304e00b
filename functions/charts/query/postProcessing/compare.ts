// compare (difference / percentage / ratio of source columns against compare columns, Superset's
// "difference__a__b" names; the spec's "absolute" is difference) and contribution (share of the row
// or column total).
import { asList, requireColumns, stepError, type Frame, type Row } from './frame';

const COMPARE: Record<string, (a: number, b: number) => number | null> = {
  difference: (a, b) => a - b,
  absolute: (a, b) => a - b,
  percentage: (a, b) => (b === 0 ? null : (a - b) / b),
  ratio: (a, b) => (b === 0 ? null : a / b),
};

export function compare(frame: Frame, options: Record<string, unknown>): Frame {
  const sources = asList(options.source_columns);
  const targets = asList(options.compare_columns);
  const type = String(options.compare_type ?? '');
  if (sources.length !== targets.length) throw stepError('`compare_columns` must have the same length as `source_columns`.');
  const fn = COMPARE[type];
  if (!fn) throw stepError(`Invalid compare_type: ${type}`);
  requireColumns(frame, [...sources, ...targets], 'compare');
  const name = type === 'absolute' ? 'difference' : type;
  const added = sources.map((source, i) => `${name}__${source}__${targets[i]}`);
  const rows = frame.rows.map((row) => {
    const out: Row = { ...row };
    sources.forEach((source, i) => {
      const a = row[source];
      const b = row[targets[i]];
      out[added[i]] = typeof a === 'number' && typeof b === 'number' ? fn(a, b) : null;
    });
    return out;
  });
  const drop = options.drop_original_columns === true ? new Set([...sources, ...targets]) : new Set<string>();
  const columns = [...frame.columns.filter((column) => !drop.has(column)), ...added];
  return { columns, rows: rows.map((row) => Object.fromEntries(columns.map((column) => [column, row[column] ?? null]))) };
}

export function contribution(frame: Frame, options: Record<string, unknown>, temporal: string[] = []): Frame {
  const orientation = String(options.orientation ?? 'column');
  if (orientation !== 'row' && orientation !== 'column') throw stepError(`Invalid orientation: ${orientation}`);
  const numeric = frame.columns.filter((column) => !temporal.includes(column) && frame.rows.some((row) => typeof row[column] === 'number'));
  const columns = asList(options.columns).length ? asList(options.columns) : numeric;
  requireColumns(frame, columns, 'contribution');
  const renamed = asList(options.rename_columns);
  if (renamed.length && renamed.length !== columns.length) throw stepError('`rename_columns` must have the same length as `columns`.');
  const names = columns.map((column, i) => renamed[i] ?? column);
  const totals = columns.map((column) => frame.rows.reduce((total, row) => total + (typeof row[column] === 'number' ? (row[column] as number) : 0), 0));
  const rows = frame.rows.map((row) => {
    const out: Row = { ...row };
    const rowTotal = columns.reduce((total, column) => total + (typeof row[column] === 'number' ? (row[column] as number) : 0), 0);
    columns.forEach((column, i) => {
      const value = row[column];
      const total = orientation === 'row' ? rowTotal : totals[i];
      out[names[i]] = typeof value === 'number' && total !== 0 ? value / total : null;
    });
    return out;
  });
  return { columns: [...frame.columns, ...names.filter((name) => !frame.columns.includes(name))], rows };
}
