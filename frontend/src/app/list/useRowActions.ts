// The row actions of an admin list page (annotation layers, tags, row level security rules, users,
// roles): the row whose dialog is open ('new' for a new one), the rows waiting for the delete
// confirmation, the delete with its toasts, and the reload token and count the ListView reports.
import { useCallback, useState } from 'react';
import { addDangerToast, addSuccessToast } from '../../features/toasts/toastStore';
import { apiProblem } from '../errors/apiProblem';

export interface RowActionsOptions<Row> {
  deleteRows: (rows: Row[]) => Promise<unknown>;
  /** The success toast, e.g. `Deleted: ${name}` for one row, `Deleted 3 tags` for several. */
  deletedMessage: (rows: Row[]) => string;
  /** The danger toast when the server's answer names no reason. */
  failureMessage: string;
}

export interface RowActions<Row, Editing> {
  /** ListView's reloadToken: bumped after a save or a delete. */
  reloadToken: number;
  refresh: () => void;
  /** The list's total, once a page has loaded (ListView's onLoaded). */
  count: number | null;
  onLoaded: (page: { count: number }) => void;
  editing: Editing | 'new' | null;
  setEditing: (editing: Editing | 'new' | null) => void;
  /** Rows waiting for the confirmation, null when none is asked. */
  deleting: Row[] | null;
  askDelete: (rows: Row[]) => void;
  cancelDelete: () => void;
  confirmDelete: () => Promise<void>;
}

export function useRowActions<Row, Editing = Row>(options: RowActionsOptions<Row>): RowActions<Row, Editing> {
  const [reloadToken, setReloadToken] = useState(0);
  const [count, setCount] = useState<number | null>(null);
  const [editing, setEditing] = useState<Editing | 'new' | null>(null);
  const [deleting, setDeleting] = useState<Row[] | null>(null);
  const refresh = useCallback(() => setReloadToken((n) => n + 1), []);
  const onLoaded = useCallback((page: { count: number }) => setCount(page.count), []);
  const cancelDelete = useCallback(() => setDeleting(null), []);
  const confirmDelete = async () => {
    const rows = deleting;
    if (!rows) return;
    try {
      await options.deleteRows(rows);
      addSuccessToast(options.deletedMessage(rows));
      refresh();
    } catch (e) {
      addDangerToast(apiProblem(e, options.failureMessage));
    }
    setDeleting(null);
  };
  return { reloadToken, refresh, count, onLoaded, editing, setEditing, deleting, askDelete: setDeleting, cancelDelete, confirmDelete };
}
