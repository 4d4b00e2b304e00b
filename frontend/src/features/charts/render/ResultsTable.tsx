// A chart answer's rows as a plain table (Explore's data pane, "View as table" in Explore and on
// dashboards): the answer's column order, nulls shown as N/A, at most `limit` rows drawn.
export function ResultsTable({ colnames, rows, label, limit = 1000, className }: { colnames: readonly string[]; rows: readonly Record<string, unknown>[]; label: string; limit?: number; className?: string }) {
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
            {colnames.map((c) => (
              <td key={c}>{r[c] === null || r[c] === undefined ? 'N/A' : String(r[c])}</td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
