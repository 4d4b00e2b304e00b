// The delete confirmation of an admin list page, for the rows useRowActions holds: Delete submits,
// Cancel or Escape leaves the rows as they are.
import { Modal } from '../Modal';
import type { RowActions } from './useRowActions';

type DeleteConfirmation<Row> = Pick<RowActions<Row, unknown>, 'deleting' | 'cancelDelete' | 'confirmDelete'>;

export function ConfirmRowsDelete<Row>({ actions, title, message }: { actions: DeleteConfirmation<Row>; title: string; message: (rows: Row[]) => string }) {
  const rows = actions.deleting;
  if (!rows) return null;
  return (
    <Modal title={title} onClose={actions.cancelDelete} onSubmit={() => void actions.confirmDelete()}>
      <p>{message(rows)}</p>
      <div className="modal__actions">
        <button type="button" className="button button--secondary" onClick={actions.cancelDelete}>Cancel</button>
        <button type="submit" className="button button--danger">Delete</button>
      </div>
    </Modal>
  );
}
