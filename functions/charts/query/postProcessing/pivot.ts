// pivot (pandas pivot_table as Superset calls it) and flatten: one row per index tuple (sorted), one
// column per aggregate and pivot-column value, named "metric, value" (or "value, metric").
import { NULL_STRING } from '../../../../shared/viz/echarts/dimensions';
import { aggregator, asList, asRecord, compareValues, keyOf, requireColumns, type Frame, type Row } from './frame';

const SEPARATOR = ', ';

export function pivot(frame: Frame, options: Record<string, unknown>): Frame {
  const index = asList(options.index);
  const columns = asList(options.columns);
  const aggregates = asRecord(options.aggregates);
  const dropMissing = options.drop_missing_columns !== false;
  const combine = options.combine_value_with_metric === true;
  const fillValue = options.column_fill_value ?? NULL_STRING;
  requireColumns(frame, [...index, ...columns], 'pivot');
  const specs = Object.entries(aggregates).map(([name, spec]) => {
    const record = asRecord(spec);
    return { name, column: String(record.column ?? name), fn: aggregator(record.operator ?? 'sum') };
  });
  requireColumns(frame, specs.map((spec) => spec.column), 'pivot');

  const indexKeys = new Map<string, unknown[]>();
  const columnKeys = new Map<string, unknown[]>();
  const groups = new Map<string, Row[]>();
  for (const row of frame.rows) {
    const indexValues = index.map((name) => row[name] ?? null);
    if (indexValues.some((value) => value === null)) continue; // pandas drops null index keys
    const columnValues = columns.map((name) => row[name] ?? fillValue);
    const ik = keyOf(indexValues);
    const ck = keyOf(columnValues);
    indexKeys.set(ik, indexValues);
    columnKeys.set(ck, columnValues);
    const group = `${ik}|${ck}`;
    const members = groups.get(group);
    if (members) members.push(row);
    else groups.set(group, [row]);
  }
  const sortTuples = (tuples: unknown[][]) =>
    tuples.sort((a, b) => a.map((value, i) => compareValues(value, b[i])).find((result) => result !== 0) ?? 0);
  const indexTuples = sortTuples([...indexKeys.values()]);
  const columnTuples = sortTuples([...columnKeys.values()]);

  const outColumns: { name: string; spec: (typeof specs)[number]; ck: string }[] = [];
  for (const spec of specs) {
    for (const tuple of columnTuples) {
      const parts = tuple.map(String);
      const name = columns.length === 0 ? spec.name : (combine ? [...parts, spec.name] : [spec.name, ...parts]).join(SEPARATOR);
      outColumns.push({ name, spec, ck: keyOf(tuple) });
    }
  }
  const rows = indexTuples.map((tuple) => {
    const row: Row = {};
    index.forEach((name, i) => (row[name] = tuple[i]));
    const ik = keyOf(tuple);
    for (const column of outColumns) {
      const group = groups.get(`${ik}|${column.ck}`);
      row[column.name] = group ? (column.spec.fn(group.map((item) => item[column.spec.column] ?? null)) ?? null) : null;
    }
    return row;
  });
  const kept = dropMissing ? outColumns.filter((column) => rows.some((row) => row[column.name] !== null)) : outColumns;
  return { columns: [...index, ...kept.map((column) => column.name)], rows: rows.map((row) => pick(row, [...index, ...kept.map((c) => c.name)])) };
}

function pick(row: Row, names: string[]): Row {
  const out: Row = {};
  for (const name of names) out[name] = row[name] ?? null;
  return out;
}

/** Frames here are already flat with the index as columns; flatten keeps them, dropping nothing. */
export function flatten(frame: Frame): Frame {
  return { columns: [...frame.columns], rows: frame.rows.map((row) => pick(row, frame.columns)) };
}
