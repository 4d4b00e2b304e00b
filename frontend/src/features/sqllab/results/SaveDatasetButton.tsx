// "Save dataset": turns the query into a virtual dataset and opens it in Explore.
import { useState } from 'react';
import { saveDataset } from '../actions/savedActions';
import type { Query } from '../state/types';

export function SaveDatasetButton({ editorId, query }: { editorId: string; query: Query }) {
  const [open, setOpen] = useState(false);
  const [name, setName] = useState(`${query.tab ?? 'query'} ${new Date(query.startDttm).toISOString().slice(0, 16).replace('T', ' ')}`);
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    setBusy(true);
    const id = await saveDataset(editorId, name.trim());
    setBusy(false);
    if (id) window.location.assign(`/explore/?datasource_type=table&datasource_id=${id}`);
  };
  return (
    <>
      <button type="button" className="button button--primary button--small" onClick={() => setOpen(true)}>
        Save dataset
      </button>
      {open && (
        <div className="modal-backdrop" onMouseDown={(e) => e.target === e.currentTarget && setOpen(false)}>
          <form
            className="modal"
            role="dialog"
            aria-modal="true"
            aria-labelledby="save-dataset-title"
            onSubmit={(e) => {
              e.preventDefault();
              void submit();
            }}
            onKeyDown={(e) => e.key === 'Escape' && setOpen(false)}
          >
            <h2 id="save-dataset-title" className="modal__title">Save as dataset</h2>
            <label className="field">
              <span className="field__label">Dataset name</span>
              <input className="input" autoFocus value={name} onChange={(e) => setName(e.target.value)} aria-label="Dataset name" />
            </label>
            <div className="modal__actions">
              <button type="button" className="button button--secondary" onClick={() => setOpen(false)}>
                Cancel
              </button>
              <button type="submit" className="button button--primary" disabled={!name.trim() || busy}>
                Save & explore
              </button>
            </div>
          </form>
        </div>
      )}
    </>
  );
}
