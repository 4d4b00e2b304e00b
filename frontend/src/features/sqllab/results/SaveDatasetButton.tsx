// "Save dataset": turns the query into a virtual dataset and opens it in Explore.
import { useRef, useState, type ReactNode } from 'react';
import { useDialogFocus } from '../../../app/useDialogFocus';
import { saveDataset } from '../actions/savedActions';
import type { Query } from '../state/types';

/** The dialog's form, mounted only while open, so its focus handling starts and ends with it. */
function DialogForm({ onClose, onSubmit, children }: { onClose: () => void; onSubmit: () => void; children: ReactNode }) {
  const form = useRef<HTMLFormElement>(null);
  useDialogFocus(form, onClose);
  return (
    <form
      ref={form}
      className="modal"
      role="dialog"
      aria-modal="true"
      aria-labelledby="save-dataset-title"
      onSubmit={(e) => {
        e.preventDefault();
        onSubmit();
      }}
    >
      {children}
    </form>
  );
}

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
          <DialogForm onClose={() => setOpen(false)} onSubmit={() => void submit()}>
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
          </DialogForm>
        </div>
      )}
    </>
  );
}
