// "Save": name and description of the saved query; "Update" overwrites an already saved one.
import { useState } from 'react';
import { saveQuery, updateSavedQuery } from '../actions/savedActions';
import type { QueryEditor } from '../state/types';
import { Modal } from '../../../app/Modal';

export function SaveQueryDialog({ editor, onClose }: { editor: QueryEditor; onClose: () => void }) {
  const [name, setName] = useState(editor.name);
  const [description, setDescription] = useState('');
  const [busy, setBusy] = useState(false);
  const run = async (update: boolean) => {
    setBusy(true);
    const ok = update ? await updateSavedQuery(editor.id, name.trim(), description) : await saveQuery(editor.id, name.trim(), description);
    setBusy(false);
    if (ok) onClose();
  };
  return (
    <Modal title="Save query" onClose={onClose} onSubmit={() => void run(false)}>
      <label className="field">
        <span className="field__label">Name</span>
        <input className="input" autoFocus value={name} onChange={(e) => setName(e.target.value)} aria-label="Name" />
      </label>
      <label className="field">
        <span className="field__label">Description</span>
        <textarea className="textarea" rows={3} value={description} onChange={(e) => setDescription(e.target.value)} aria-label="Description" />
      </label>
      <div className="modal__actions">
        <button type="button" className="button button--secondary" onClick={onClose}>
          Cancel
        </button>
        {editor.remoteId ? (
          <>
            <button type="submit" className="button button--secondary" disabled={!name.trim() || busy}>
              Save as new
            </button>
            <button type="button" className="button button--primary" disabled={!name.trim() || busy} onClick={() => void run(true)}>
              Update
            </button>
          </>
        ) : (
          <button type="submit" className="button button--primary" disabled={!name.trim() || busy}>
            Save
          </button>
        )}
      </div>
    </Modal>
  );
}
