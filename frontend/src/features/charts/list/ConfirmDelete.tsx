// A small confirm dialog for list deletes (charts, dashboards).
export function ConfirmDelete({ title, names, onCancel, onConfirm }: { title: string; names: string[]; onCancel: () => void; onConfirm: () => void }) {
  return (
    <div className="modal-backdrop">
      <div className="modal" role="dialog" aria-modal="true" aria-label={title}>
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
