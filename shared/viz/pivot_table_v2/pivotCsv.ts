// "Export to Pivoted .CSV": the pivot table as drawn (row keys down, column keys and metrics across,
// the totals row) as CSV text, with raw numbers rather than formatted ones. Pure.
import type { PivotProps } from '../types';

/** The grid of cells the pivot view shows: one header row, then a row per row key, then totals. */
export function pivotCsvRows(props: PivotProps): string[][] {
  const metricsAcross = props.metricsLayout === 'COLUMNS';
  const colHeads = props.colKeys.length ? props.colKeys : [[]];
  const shown = metricsAcross ? props.metrics : props.metrics.slice(0, 1);
  const header = [
    ...props.rowFields,
    ...colHeads.flatMap((colKey) => shown.map((m) => [...colKey, metricsAcross && props.metrics.length > 1 ? m : ''].filter(Boolean).join(', ') || m)),
  ];
  const cells = (rowKey: string[]) => colHeads.flatMap((colKey) => shown.map((m) => String(props.value(rowKey, colKey, m) ?? '')));
  const rows = props.rowKeys.map((rowKey) => [...rowKey, ...cells(rowKey)]);
  if (props.colTotals) {
    const label = Array.from({ length: Math.max(1, props.rowFields.length) }, (_, i) => (i === 0 ? 'Total' : ''));
    rows.push([...label, ...cells([])]);
  }
  return [header, ...rows];
}

const quote = (cell: string) => (/[",\r\n]/.test(cell) ? `"${cell.replace(/"/g, '""')}"` : cell);

export const pivotCsv = (props: PivotProps): string => pivotCsvRows(props).map((row) => row.map(quote).join(',')).join('\r\n') + '\r\n';
