// Adhoc filters: chips ("origin IN (JFK, LAX)", custom SQL text), each editable; "Add filter" and
// columns dropped from the datasource panel open the filter editor.
import { useState } from 'react';
import type { ControlProps } from './types';
import { asArray } from './types';
import { dropTarget } from '../dragData';
import { FilterEditor, type AdhocFilterValue } from './FilterEditor';

export function filterLabel(f: AdhocFilterValue): string {
  if (f.expressionType === 'SQL') return `${f.clause === 'HAVING' ? 'HAVING ' : ''}${f.sqlExpression ?? ''}`;
  const value = Array.isArray(f.comparator) ? `(${f.comparator.join(', ')})` : f.comparator === null || f.comparator === undefined ? '' : String(f.comparator);
  return `${f.subject} ${f.operator === 'TEMPORAL_RANGE' ? '(' + value + ')' : `${f.operator} ${value}`}`.trim();
}

export function FilterControl({ ctl, value, datasource, onChange, errorId }: ControlProps) {
  const filters = asArray(value) as AdhocFilterValue[];
  const [editing, setEditing] = useState<{ index: number; initial: Partial<AdhocFilterValue> } | null>(null);
  const save = (f: AdhocFilterValue) => {
    if (!editing) return;
    const next = [...filters];
    if (editing.index < 0) next.push(f);
    else next[editing.index] = f;
    setEditing(null);
    onChange(next);
  };
  return (
    <div className="dnd-zone" aria-label={`${ctl.label} drop zone`} {...dropTarget((item) => setEditing({ index: -1, initial: { subject: item.name } }), (item) => item.kind === 'column')}>
      {filters.map((f, i) => (
        <span key={`${f.filterOptionName ?? i}`} className="chip">
          <button type="button" className="chip__label" aria-label={`Edit filter ${filterLabel(f)}`} onClick={() => setEditing({ index: i, initial: f })}>
            {filterLabel(f)}
          </button>
          <button type="button" className="chip__remove" aria-label={`Remove filter ${filterLabel(f)}`} onClick={() => onChange(filters.filter((_, j) => j !== i))}>
            ×
          </button>
        </span>
      ))}
      {!editing && (
        <button type="button" className="button button--ghost button--small add-glyph" aria-label={`Add filter to ${ctl.label}`} aria-describedby={errorId} onClick={() => setEditing({ index: -1, initial: {} })}>
          Add filter
        </button>
      )}
      {editing && <FilterEditor key={editing.index} datasource={datasource} initial={editing.initial} onSave={save} onCancel={() => setEditing(null)} />}
    </div>
  );
}
