// A chart answer's rows as a plain table (Explore's data pane, "View as table" in Explore and on
// dashboards): the answer's column order, cells as resultCells.ts reads them (temporal columns as
// dates when `coltypes` are given, nulls as N/A), at most `limit` rows drawn.
import { cellText } from './resultCells';

export function ResultsTable({ colnames, coltypes, rows, label, limit = 1000, className }: { colnames: readonly string[]; coltypes?: readonly number[]; rows: readonly Record<string, unknown>[]; label: string; limit?: number; className?: string }) {
  return (
    <table className={className} aria-label={label}>
      <thead>
        <tr>
          {colnames.map((c) => (
            <th key={c} scope="col">
              {c}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.slice(0, limit).map((r, i) => (
          <tr key={i}>
            {colnames.map((c, j) => (
              <td key={c}>{cellText(r[c], coltypes?.[j])}</td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
