// The save modal: overwrite (owners only) or save as new, the chart's name, and optionally a dashboard
// to add it to: an existing one (searchable) or a new one by name.
import { useEffect, useRef, useState } from 'react';
import { useDialogFocus } from '../../../app/useDialogFocus';
import { useSnapshot } from 'valtio';
import { api } from '../../../api/client';
import { session } from '../../../auth/session';
import { exploreStore } from '../state/exploreStore';
import { saveChart } from '../actions/saveChart';

export function SaveModal({ onClose }: { onClose: () => void }) {
  const dialog = useRef<HTMLDivElement>(null);
  useDialogFocus(dialog, onClose);
  const snap = useSnapshot(exploreStore);
  const slice = snap.slice;
  const canOverwrite = Boolean(slice && session.userId !== null && slice.owners.includes(session.userId));
  const [action, setAction] = useState<'overwrite' | 'saveas'>(canOverwrite ? 'overwrite' : 'saveas');
  const [name, setName] = useState(snap.sliceNameDraft ?? slice?.slice_name ?? '');
  const [search, setSearch] = useState('');
  const [dashboards, setDashboards] = useState<{ id: number; title: string }[]>([]);
  const [choice, setChoice] = useState('');
  const [saving, setSaving] = useState(false);
  useEffect(() => {
    const filters = search ? [{ col: 'dashboard_title', opr: 'ct', value: search }] : [];
    api
      .call('dashboard.list', { q: { filters, order_column: 'dashboard_title', order_direction: 'asc', page: 0, page_size: 100 } })
      .then((answer) => setDashboards(answer.result.map((d) => ({ id: Number(d.id), title: d.dashboard_title ?? String(d.id) }))))
      .catch(() => setDashboards([]));
  }, [search]);
  const existing = dashboards.find((d) => String(d.id) === choice);
  const newTitle = !existing && search.trim() && choice === 'new' ? search.trim() : null;
  const submit = async () => {
    setSaving(true);
    const ok = await saveChart({ action, sliceName: name.trim(), dashboard: existing ?? (newTitle ? { newTitle } : null) });
    setSaving(false);
    if (ok) onClose();
  };
  return (
    <div className="modal-backdrop">
      <div ref={dialog} className="modal" role="dialog" aria-modal="true" aria-label="Save chart">
        <h2 className="modal__title">Save chart</h2>
        {slice && (
          <fieldset className="save__actions">
            <label>
              <input type="radio" name="save-action" checked={action === 'overwrite'} disabled={!canOverwrite} onChange={() => setAction('overwrite')} /> Save (Overwrite)
            </label>
            <label>
              <input type="radio" name="save-action" checked={action === 'saveas'} onChange={() => setAction('saveas')} /> Save as...
            </label>
          </fieldset>
        )}
        <label className="control">
          <span className="control__label">Chart name</span>
          <input className="input" aria-label="Chart name" value={name} onChange={(e) => setName(e.target.value)} />
        </label>
        <label className="control">
          <span className="control__label">Add to dashboard</span>
          <input className="input" aria-label="Search dashboards" placeholder="Search or type a new dashboard name" value={search} onChange={(e) => setSearch(e.target.value)} />
        </label>
        <select className="input" aria-label="Dashboard" value={choice} onChange={(e) => setChoice(e.target.value)}>
          <option value="">No dashboard</option>
          {search.trim() && !dashboards.some((d) => d.title === search.trim()) && <option value="new">{`Create "${search.trim()}"`}</option>}
          {dashboards.map((d) => (
            <option key={d.id} value={String(d.id)}>
              {d.title}
            </option>
          ))}
        </select>
        <div className="modal__actions">
          <button type="button" className="button button--ghost" onClick={onClose}>
            Cancel
          </button>
          <button type="button" className="button button--primary" disabled={!name.trim() || saving} onClick={() => void submit()}>
            Save
          </button>
        </div>
      </div>
    </div>
  );
}
