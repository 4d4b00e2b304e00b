// Metric controls (metrics, metric, x / y / size, sort by): chips of the chosen metrics, "Add metric"
// opening the metric editor, and a drop zone for saved metrics and columns (a column opens the editor).
import { useState } from 'react';
import type { ControlProps } from './types';
import { asArray, metricLabel } from './types';
import { dropTarget } from '../dragData';
import { MetricEditor } from './MetricEditor';

export function MetricControl({ ctl, value, datasource, onChange, errorId }: ControlProps) {
  const chosen = asArray(value);
  const [editing, setEditing] = useState<{ column?: string } | null>(null);
  const add = (metric: unknown) => {
    setEditing(null);
    onChange(ctl.multi ? [...chosen, metric] : metric);
  };
  const remove = (i: number) => onChange(ctl.multi ? chosen.filter((_, j) => j !== i) : null);
  const canAdd = ctl.multi || chosen.length === 0;
  return (
    <div className="dnd-zone" aria-label={`${ctl.label} drop zone`} {...dropTarget((item) => (item.kind === 'metric' ? add(item.name) : setEditing({ column: item.name })), () => canAdd)}>
      {chosen.map((m, i) => (
        <span key={`${metricLabel(m)}-${i}`} className="chip">
          {metricLabel(m)}
          <button type="button" className="chip__remove" aria-label={`Remove ${metricLabel(m)} from ${ctl.label}`} onClick={() => remove(i)}>
            ×
          </button>
        </span>
      ))}
      {canAdd && !editing && (
        <button type="button" className="button button--ghost button--small add-glyph" aria-label={`Add ${ctl.label}: drop a column/metric here or click`} aria-describedby={errorId} onClick={() => setEditing({})}>
          Drop a column/metric here or click
        </button>
      )}
      {editing && <MetricEditor datasource={datasource} initial={editing} onSave={add} onCancel={() => setEditing(null)} />}
    </div>
  );
}
