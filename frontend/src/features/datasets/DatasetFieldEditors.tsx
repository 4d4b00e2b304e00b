// The columns and metrics tables of the dataset properties dialog: every field labelled per row.
import type { DatasetColumn, DatasetMetric } from './types';

export function DatasetColumnsEditor({ columns, onChange }: { columns: DatasetColumn[]; onChange: (c: DatasetColumn[]) => void }) {
  const set = (i: number, change: Partial<DatasetColumn>) => onChange(columns.map((c, j) => (j === i ? { ...c, ...change } : c)));
  return (
    <section aria-label="Columns" className="dataset-edit__section">
      <h3 className="dataset-edit__heading">Columns</h3>
      <table className="simple-table">
        <thead>
          <tr><th scope="col">Column</th><th scope="col">Label</th><th scope="col">Expression</th><th scope="col">Temporal</th><th scope="col">Groupable</th><th scope="col">Filterable</th><th scope="col">Date format</th><th scope="col"><span className="visually-hidden">Remove</span></th></tr>
        </thead>
        <tbody>
          {columns.map((c, i) => {
            const calculated = c.id === undefined || Boolean(c.expression);
            return (
              <tr key={c.id ?? `new-${i}`}>
                <td>{c.id === undefined ? <input className="input" aria-label={`Name of new column ${i + 1}`} value={c.column_name} onChange={(e) => set(i, { column_name: e.target.value })} /> : <code>{c.column_name}</code>}</td>
                <td><input className="input" aria-label={`Label of ${c.column_name || 'new column'}`} value={c.verbose_name ?? ''} onChange={(e) => set(i, { verbose_name: e.target.value || null })} /></td>
                <td>{calculated ? <input className="input" aria-label={`Expression of ${c.column_name || 'new column'}`} value={c.expression ?? ''} onChange={(e) => set(i, { expression: e.target.value })} /> : '—'}</td>
                <td><input type="checkbox" aria-label={`${c.column_name} is temporal`} checked={Boolean(c.is_dttm)} onChange={(e) => set(i, { is_dttm: e.target.checked })} /></td>
                <td><input type="checkbox" aria-label={`${c.column_name} is groupable`} checked={c.groupby !== false} onChange={(e) => set(i, { groupby: e.target.checked })} /></td>
                <td><input type="checkbox" aria-label={`${c.column_name} is filterable`} checked={c.filterable !== false} onChange={(e) => set(i, { filterable: e.target.checked })} /></td>
                <td><input className="input" aria-label={`Date format of ${c.column_name || 'new column'}`} value={c.python_date_format ?? ''} onChange={(e) => set(i, { python_date_format: e.target.value || null })} /></td>
                <td>{calculated && <button type="button" className="button button--ghost button--small" aria-label={`Remove column ${c.column_name || i + 1}`} onClick={() => onChange(columns.filter((_, j) => j !== i))}>Remove</button>}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
      <button type="button" className="button button--secondary button--small" onClick={() => onChange([...columns, { column_name: '', expression: '', groupby: true, filterable: true }])}>Add calculated column</button>
    </section>
  );
}

export function DatasetMetricsEditor({ metrics, onChange }: { metrics: DatasetMetric[]; onChange: (m: DatasetMetric[]) => void }) {
  const set = (i: number, change: Partial<DatasetMetric>) => onChange(metrics.map((m, j) => (j === i ? { ...m, ...change } : m)));
  return (
    <section aria-label="Metrics" className="dataset-edit__section">
      <h3 className="dataset-edit__heading">Metrics</h3>
      <table className="simple-table">
        <thead>
          <tr><th scope="col">Metric</th><th scope="col">SQL expression</th><th scope="col">Label</th><th scope="col">D3 format</th><th scope="col"><span className="visually-hidden">Remove</span></th></tr>
        </thead>
        <tbody>
          {metrics.map((m, i) => (
            <tr key={m.id ?? `new-${i}`}>
              <td><input className="input" aria-label={`Name of metric ${i + 1}`} value={m.metric_name} onChange={(e) => set(i, { metric_name: e.target.value })} /></td>
              <td><input className="input" aria-label={`Expression of metric ${i + 1}`} value={m.expression} onChange={(e) => set(i, { expression: e.target.value })} /></td>
              <td><input className="input" aria-label={`Label of metric ${i + 1}`} value={m.verbose_name ?? ''} onChange={(e) => set(i, { verbose_name: e.target.value || null })} /></td>
              <td><input className="input" aria-label={`D3 format of metric ${i + 1}`} value={m.d3format ?? ''} onChange={(e) => set(i, { d3format: e.target.value || null })} /></td>
              <td><button type="button" className="button button--ghost button--small" aria-label={`Remove metric ${m.metric_name || i + 1}`} onClick={() => onChange(metrics.filter((_, j) => j !== i))}>Remove</button></td>
            </tr>
          ))}
        </tbody>
      </table>
      <button type="button" className="button button--secondary button--small" onClick={() => onChange([...metrics, { metric_name: '', expression: '' }])}>Add metric</button>
    </section>
  );
}
