// compare (difference / percentage / ratio of source columns against compare columns, Superset's
// "difference__a__b" names; the spec's "absolute" is difference) and contribution (share of the row
// or column total).
import { asList, expandFirstLevel, requireColumns, stepError, type Frame, type Row } from './frame';

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
  const name = type === 'absolute' ? 'difference' : type;
  // Pivoted "metric, value" columns compare value by value; the result keeps the value level.
  const pairs = sources.flatMap((source, i) =>
    expandFirstLevel(frame, [[source, targets[i]]]).map(([s, t]) => {
      const rest = s === source ? '' : s.slice(source.length);
      return { s, t: rest ? `${targets[i]}${rest}` : t, added: `${name}__${source}__${targets[i]}${rest}`, expanded: rest !== '' };
    }),
  );
  // A pivoted value missing on one side (dropped as all-null) compares as null, as pandas aligns columns.
  requireColumns(frame, pairs.flatMap((p) => (p.expanded ? [p.s] : [p.s, p.t])), 'compare');
  const added = pairs.map((p) => p.added);
  const rows = frame.rows.map((row) => {
    const out: Row = { ...row };
    for (const p of pairs) {
      const a = row[p.s];
      const b = row[p.t];
      out[p.added] = typeof a === 'number' && typeof b === 'number' ? fn(a, b) : null;
    }
    return out;
  });
  const drop = options.drop_original_columns === true ? new Set(pairs.flatMap((p) => [p.s, p.t])) : new Set<string>();
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
