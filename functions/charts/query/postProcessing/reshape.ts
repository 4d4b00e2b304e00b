// aggregate (group by and named aggregates), sort, rename, select: the small reshaping steps.
import { aggregator, asList, asRecord, compareValues, keyOf, requireColumns, stepError, type Frame, type Row } from './frame';

export function aggregate(frame: Frame, options: Record<string, unknown>): Frame {
  const groupby = asList(options.groupby);
  const specs = Object.entries(asRecord(options.aggregates)).map(([name, spec]) => {
    const record = asRecord(spec);
    return { name, column: String(record.column ?? name), fn: typeof record.operator === 'function' ? (record.operator as (values: unknown[]) => unknown) : aggregator(record.operator) };
  });
  requireColumns(frame, [...groupby, ...specs.map((spec) => spec.column)], 'aggregate');
  const groups = new Map<string, { key: unknown[]; rows: Row[] }>();
  for (const row of frame.rows) {
    const key = groupby.map((name) => row[name] ?? null);
    const id = keyOf(key);
    const group = groups.get(id) ?? { key, rows: [] };
    group.rows.push(row);
    groups.set(id, group);
  }
  const ordered = [...groups.values()].sort((a, b) => a.key.map((value, i) => compareValues(value, b.key[i])).find((result) => result !== 0) ?? 0);
  const rows = ordered.map(({ key, rows: members }) => {
    const row: Row = {};
    groupby.forEach((name, i) => (row[name] = key[i]));
    for (const spec of specs) row[spec.name] = spec.fn(members.map((member) => member[spec.column] ?? null)) ?? null;
    return row;
  });
  return { columns: [...groupby, ...specs.map((spec) => spec.name)], rows };
}

export function sort(frame: Frame, options: Record<string, unknown>): Frame {
  let by: string[];
  let ascending: boolean[];
  if (options.columns && !Array.isArray(options.columns)) {
    const record = asRecord(options.columns);
    by = Object.keys(record);
    ascending = Object.values(record).map((value) => value !== false);
  } else {
    by = asList(options.by ?? options.columns);
    const raw = options.ascending ?? true;
    ascending = Array.isArray(raw) ? raw.map((value) => value !== false) : by.map(() => raw !== false);
  }
  if (by.length === 0) throw stepError('sort needs the columns to sort by.');
  requireColumns(frame, by, 'sort');
  const rows = [...frame.rows].sort((a, b) => {
    for (let i = 0; i < by.length; i += 1) {
      const result = compareValues(a[by[i]], b[by[i]]);
      // Nulls stay last whichever the direction.
      if (result !== 0) return a[by[i]] === null || b[by[i]] === null ? result : ascending[i] === false ? -result : result;
    }
    return 0;
  });
  return { columns: frame.columns, rows };
}

export function rename(frame: Frame, options: Record<string, unknown>): Frame {
  const mapping = asRecord(options.columns);
  const whole = (column: string) => (typeof mapping[column] === 'string' ? (mapping[column] as string) : column);
  // level 0 renames the first level of pivoted "metric, value" names; null drops that level, as pandas'
  // rename(level=0) with None followed by Superset's flatten (timeseries with one metric: "rain").
  const firstLevel = (column: string) => {
    const at = column.indexOf(', ');
    if (at < 0) return whole(column);
    const [head, rest] = [column.slice(0, at), column.slice(at + 2)];
    if (!(head in mapping)) return column;
    return typeof mapping[head] === 'string' ? `${mapping[head]}, ${rest}` : rest;
  };
  const name = options.level === 0 || options.level === '0' ? firstLevel : whole;
  return { columns: frame.columns.map(name), rows: frame.rows.map((row) => Object.fromEntries(Object.entries(row).map(([key, value]) => [name(key), value]))) };
}

export function select(frame: Frame, options: Record<string, unknown>): Frame {
  const wanted = asList(options.columns).length ? asList(options.columns) : frame.columns;
  const exclude = new Set(asList(options.exclude));
  requireColumns(frame, wanted, 'select');
  const kept = wanted.filter((column) => !exclude.has(column));
  const picked = { columns: kept, rows: frame.rows.map((row) => Object.fromEntries(kept.map((column) => [column, row[column] ?? null]))) };
  return options.rename ? rename(picked, { columns: options.rename }) : picked;
}
