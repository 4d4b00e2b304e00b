// A small confirm dialog for deletes (list rows, bulk selections, menu items), shared by every feature.
import { useRef } from 'react';
import { useDialogFocus } from './useDialogFocus';

export function ConfirmDelete({ title, names, onCancel, onConfirm }: { title: string; names: string[]; onCancel: () => void; onConfirm: () => void }) {
  const dialog = useRef<HTMLDivElement>(null);
  useDialogFocus(dialog, onCancel);
  return (
    <div className="modal-backdrop">
      <div ref={dialog} className="modal" role="dialog" aria-modal="true" aria-label={title}>
        <h2 className="modal__title">{title}</h2>
        <p>{names.length === 1 ? `${names[0]} will be deleted.` : `${names.length} items will be deleted: ${names.join(', ')}.`} This cannot be undone.</p>
        <div className="modal__actions">
          <button type="button" className="button button--ghost" onClick={onCancel}>
            Cancel
          </button>
          <button type="button" className="button button--danger" onClick={onConfirm}>
            Delete
          </button>
        </div>
      </div>
    </div>
  );
}
