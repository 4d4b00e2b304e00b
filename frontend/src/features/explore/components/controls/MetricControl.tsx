// Metric controls (metrics, metric, x / y / size, sort by): chips of the chosen metrics (a click opens
// the metric editor on that metric, to change it in place), "Add metric" opening the editor empty, and
// a drop zone for saved metrics and columns (a column opens the editor on it).
import { useState } from 'react';
import type { ControlProps } from './types';
import { asArray, metricLabel } from './types';
import { dropTarget } from '../dragData';
import { MetricEditor } from './MetricEditor';

/** What the editor is open on: a new metric (maybe on a dropped column) or the chosen one at `index`. */
type Editing = { index: -1; column?: string } | { index: number };

export function MetricControl({ ctl, value, datasource, onChange, errorId }: ControlProps) {
  const chosen = asArray(value);
  const [editing, setEditing] = useState<Editing | null>(null);
  const save = (metric: unknown) => {
    const at = editing?.index ?? -1;
    setEditing(null);
    if (at >= 0) return onChange(ctl.multi ? chosen.map((m, i) => (i === at ? metric : m)) : metric);
    onChange(ctl.multi ? [...chosen, metric] : metric);
  };
  const remove = (i: number) => onChange(ctl.multi ? chosen.filter((_, j) => j !== i) : null);
  const canAdd = ctl.multi || chosen.length === 0;
  return (
    <div className="dnd-zone" aria-label={`${ctl.label} drop zone`} {...dropTarget((item) => (item.kind === 'metric' ? save(item.name) : setEditing({ index: -1, column: item.name })), () => canAdd)}>
      {chosen.map((m, i) => (
        <span key={`${metricLabel(m)}-${i}`} className="chip">
          <button type="button" className="chip__label" aria-label={`${metricLabel(m)}: edit metric in ${ctl.label}`} aria-expanded={editing?.index === i} onClick={() => setEditing({ index: i })}>
            {metricLabel(m)}
          </button>
          <button type="button" className="chip__remove" aria-label={`Remove ${metricLabel(m)} from ${ctl.label}`} onClick={() => remove(i)}>
            ×
          </button>
        </span>
      ))}
      {canAdd && !editing && (
        <button type="button" className="button button--ghost button--small add-glyph" aria-label={`Add ${ctl.label}: drop a column/metric here or click`} aria-describedby={errorId} onClick={() => setEditing({ index: -1 })}>
          Drop a column/metric here or click
        </button>
      )}
      {editing && (
        <MetricEditor
          key={editing.index}
          datasource={datasource}
          metric={editing.index >= 0 ? chosen[editing.index] : undefined}
          column={'column' in editing ? editing.column : undefined}
          onSave={save}
          onCancel={() => setEditing(null)}
        />
      )}
    </div>
  );
}
