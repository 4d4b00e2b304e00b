// "Save as" of the dashboard menu (Superset's dashboard SaveModal): a copy under a new title, its
// charts shared with this dashboard or duplicated ("also copy (duplicate) charts"); opens the copy.
import { useState } from 'react';
import { Modal } from '../../../app/Modal';
import { saveDashboardAs } from '../actions/saveDashboard';

export function SaveAsModal({ title, onClose }: { title: string; onClose: () => void }) {
  const [name, setName] = useState(`${title} [copy]`);
  const [duplicateSlices, setDuplicateSlices] = useState(false);
  const [saving, setSaving] = useState(false);
  const save = async () => {
    setSaving(true);
    const id = await saveDashboardAs(name.trim(), duplicateSlices);
    setSaving(false);
    // A refused copy keeps the dialog and what was typed (saveDashboardAs shows why in a toast).
    if (id) window.location.assign(`/superset/dashboard/${id}/`);
  };
  return (
    <Modal title="Save dashboard as" onClose={onClose} onSubmit={() => void save()}>
      <label className="field">
        <span className="field__label">New dashboard title</span>
        <input className="input" autoFocus value={name} onChange={(e) => setName(e.target.value)} />
      </label>
      <label className="field-check">
        <input type="checkbox" checked={duplicateSlices} onChange={(e) => setDuplicateSlices(e.target.checked)} />
        Also copy (duplicate) charts
      </label>
      <div className="modal__actions">
        <button type="button" className="button" onClick={onClose}>Cancel</button>
        <button type="submit" className="button button--primary" disabled={!name.trim() || saving}>Save</button>
      </div>
    </Modal>
  );
}
