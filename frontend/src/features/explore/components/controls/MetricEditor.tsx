// The metric popover: a saved metric, a SIMPLE adhoc metric (column + aggregate) or custom SQL. Opened
// empty ("Add"), on a dropped column, or on a chosen metric to edit it in place.
import { useRef, useState } from 'react';
import { useDialogFocus } from '../../../../app/useDialogFocus';
import { AGGREGATES } from '../../../../../../shared/schemas/chartData';
import type { DatasourceMeta } from '../../../../../../shared/viz/types';
import { canSaveDraft, draftFromMetric, metricFromDraft, simpleMetricSql, type MetricDraft, type MetricTab } from './metricDraft';

const TAB_LABELS: Record<MetricTab, string> = { SAVED: 'Saved', SIMPLE: 'Simple', SQL: 'Custom SQL' };

export function MetricEditor({ datasource, metric, column, onSave, onCancel }: { datasource: DatasourceMeta | null; metric?: unknown; column?: string; onSave: (metric: unknown) => void; onCancel: () => void }) {
  const saved = datasource?.metrics ?? [];
  const [draft, setDraft] = useState<MetricDraft>(() => draftFromMetric(metric, saved.map((m) => m.metric_name), column));
  const set = (patch: Partial<MetricDraft>) => setDraft((d) => ({ ...d, ...patch }));
  // Custom SQL starts from the simple metric's SQL, as Superset's editor does.
  const openTab = (tab: MetricTab) => set(tab === 'SQL' && !draft.sql.trim() ? { tab, sql: simpleMetricSql(draft.aggregate, draft.column) } : { tab });
  const dialog = useRef<HTMLDivElement>(null);
  useDialogFocus(dialog, onCancel);
  return (
    <div ref={dialog} className="popover" role="dialog" aria-label={metric === undefined || metric === null ? 'Add metric' : 'Edit metric'}>
      <div role="tablist" aria-label="Metric type" className="popover__tabs">
        {(['SAVED', 'SIMPLE', 'SQL'] as MetricTab[]).map((t) => (
          <button key={t} type="button" role="tab" aria-selected={draft.tab === t} className={draft.tab === t ? 'is-active' : ''} onClick={() => openTab(t)}>
            {TAB_LABELS[t]}
          </button>
        ))}
      </div>
      {draft.tab === 'SAVED' &&
        (saved.length ? (
          <select className="input" aria-label="Saved metric" value={draft.savedName} onChange={(e) => set({ savedName: e.target.value })}>
            {!saved.some((m) => m.metric_name === draft.savedName) && <option value={draft.savedName}>{draft.savedName || 'Select saved metric'}</option>}
            {saved.map((m) => (
              <option key={m.metric_name} value={m.metric_name}>
                {m.verbose_name || m.metric_name}
              </option>
            ))}
          </select>
        ) : (
          <p className="popover__empty">This dataset has no saved metrics.</p>
        ))}
      {draft.tab === 'SIMPLE' && (
        <>
          <select className="input" aria-label="Metric column" value={draft.column} onChange={(e) => set({ column: e.target.value })}>
            <option value="">Select column</option>
            {(datasource?.columns ?? []).map((c) => (
              <option key={c.column_name} value={c.column_name}>
                {c.column_name}
              </option>
            ))}
          </select>
          <select className="input" aria-label="Aggregate" value={draft.aggregate} onChange={(e) => set({ aggregate: e.target.value })}>
            {AGGREGATES.map((a) => (
              <option key={a} value={a}>
                {a}
              </option>
            ))}
          </select>
        </>
      )}
      {draft.tab === 'SQL' && <textarea className="input" aria-label="Custom SQL metric" rows={3} value={draft.sql} onChange={(e) => set({ sql: e.target.value })} />}
      {draft.tab !== 'SAVED' && <input className="input" aria-label="Metric label" placeholder="Label (optional)" value={draft.label} onChange={(e) => set({ label: e.target.value })} />}
      <div className="popover__actions">
        <button type="button" className="button button--ghost" onClick={onCancel}>
          Close
        </button>
        <button type="button" className="button button--primary" disabled={!canSaveDraft(draft)} onClick={() => onSave(metricFromDraft(draft))}>
          Save
        </button>
      </div>
    </div>
  );
}
