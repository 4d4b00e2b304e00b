// The metric popover: a saved metric, a SIMPLE adhoc metric (column + aggregate) or custom SQL.
import { useRef, useState } from 'react';
import { useDialogFocus } from '../../../../app/useDialogFocus';
import { AGGREGATES } from '../../../../../../shared/schemas/chartData';
import type { DatasourceMeta } from '../../../../../../shared/viz/types';

type Tab = 'SAVED' | 'SIMPLE' | 'SQL';

export function MetricEditor({ datasource, initial, onSave, onCancel }: { datasource: DatasourceMeta | null; initial?: { column?: string }; onSave: (metric: unknown) => void; onCancel: () => void }) {
  const saved = datasource?.metrics ?? [];
  const [tab, setTab] = useState<Tab>(initial?.column || !saved.length ? 'SIMPLE' : 'SAVED');
  const [savedName, setSavedName] = useState(saved[0]?.metric_name ?? '');
  const [column, setColumn] = useState(initial?.column ?? '');
  const [aggregate, setAggregate] = useState<string>('SUM');
  const [sql, setSql] = useState('');
  const [label, setLabel] = useState('');
  const canSave = tab === 'SAVED' ? Boolean(savedName) : tab === 'SIMPLE' ? Boolean(aggregate && (column || aggregate === 'COUNT')) : Boolean(sql.trim());
  const save = () => {
    if (tab === 'SAVED') return onSave(savedName);
    const custom = label.trim();
    if (tab === 'SIMPLE') {
      const name = `${aggregate}(${column})`;
      return onSave({ expressionType: 'SIMPLE', column: column ? { column_name: column } : null, aggregate, sqlExpression: null, label: custom || name, hasCustomLabel: Boolean(custom), optionName: `metric_${Math.random().toString(36).slice(2, 10)}` });
    }
    return onSave({ expressionType: 'SQL', sqlExpression: sql.trim(), label: custom || sql.trim(), hasCustomLabel: Boolean(custom), optionName: `metric_${Math.random().toString(36).slice(2, 10)}` });
  };
  const dialog = useRef<HTMLDivElement>(null);
  useDialogFocus(dialog, onCancel);
  return (
    <div ref={dialog} className="popover" role="dialog" aria-label="Edit metric">
      <div role="tablist" aria-label="Metric type" className="popover__tabs">
        {(['SAVED', 'SIMPLE', 'SQL'] as Tab[]).map((t) => (
          <button key={t} type="button" role="tab" aria-selected={tab === t} className={tab === t ? 'is-active' : ''} onClick={() => setTab(t)}>
            {t === 'SAVED' ? 'Saved' : t === 'SIMPLE' ? 'Simple' : 'Custom SQL'}
          </button>
        ))}
      </div>
      {tab === 'SAVED' && (
        <select className="input" aria-label="Saved metric" value={savedName} onChange={(e) => setSavedName(e.target.value)}>
          {saved.map((m) => (
            <option key={m.metric_name} value={m.metric_name}>
              {m.verbose_name || m.metric_name}
            </option>
          ))}
        </select>
      )}
      {tab === 'SIMPLE' && (
        <>
          <select className="input" aria-label="Metric column" value={column} onChange={(e) => setColumn(e.target.value)}>
            <option value="">Select column</option>
            {(datasource?.columns ?? []).map((c) => (
              <option key={c.column_name} value={c.column_name}>
                {c.column_name}
              </option>
            ))}
          </select>
          <select className="input" aria-label="Aggregate" value={aggregate} onChange={(e) => setAggregate(e.target.value)}>
            {AGGREGATES.map((a) => (
              <option key={a} value={a}>
                {a}
              </option>
            ))}
          </select>
        </>
      )}
      {tab === 'SQL' && <textarea className="input" aria-label="Custom SQL metric" rows={3} value={sql} onChange={(e) => setSql(e.target.value)} />}
      <input className="input" aria-label="Metric label" placeholder="Label (optional)" value={label} onChange={(e) => setLabel(e.target.value)} />
      <div className="popover__actions">
        <button type="button" className="button button--ghost" onClick={onCancel}>
          Close
        </button>
        <button type="button" className="button button--primary" disabled={!canSave} onClick={save}>
          Save
        </button>
      </div>
    </div>
  );
}
