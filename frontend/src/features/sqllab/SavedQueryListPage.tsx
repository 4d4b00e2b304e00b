// /savedqueryview/list/: the user's saved queries with search, paging, and per row Run (open in the
// editor), Edit, Copy link and Delete.
import { useCallback, useEffect, useState } from 'react';
import { Link, useNavigate } from '@tanstack/react-router';
import { PageHeader } from '../../app/PageHeader';
import { EmptyState } from '../../app/EmptyState';
import { addDangerToast, addSuccessToast } from '../toasts/toastStore';
import * as sqllabApi from './api/sqllabApi';
import { copyText } from './actions/savedActions';
import { Modal } from './components/Modal';
import { savedQueryFromServer, type SavedQuery } from './state/serverMapping';
import './sqllab.css';
import { Pager } from './components/Pager';

const PAGE_SIZE = 25;

function EditDialog({ query, onClose, onSaved }: { query: SavedQuery; onClose: () => void; onSaved: () => void }) {
  const [label, setLabel] = useState(query.label);
  const [description, setDescription] = useState(query.description ?? '');
  const [sql, setSql] = useState(query.sql);
  const save = async () => {
    try {
      await sqllabApi.updateSavedQuery(query.id, { label, description, sql });
      addSuccessToast('Your query was updated');
      onSaved();
      onClose();
    } catch {
      addDangerToast('Your query could not be updated');
    }
  };
  return (
    <Modal title="Edit saved query" onClose={onClose} onSubmit={() => void save()} wide>
      <label className="field"><span className="field__label">Name</span><input className="input" autoFocus value={label} onChange={(e) => setLabel(e.target.value)} aria-label="Name" /></label>
      <label className="field"><span className="field__label">Description</span><textarea className="textarea" rows={2} value={description} onChange={(e) => setDescription(e.target.value)} aria-label="Description" /></label>
      <label className="field"><span className="field__label">SQL</span><textarea className="textarea saved-queries__sql-input" rows={8} value={sql} onChange={(e) => setSql(e.target.value)} aria-label="SQL" spellCheck={false} /></label>
      <div className="modal__actions">
        <button type="button" className="button button--secondary" onClick={onClose}>Cancel</button>
        <button type="submit" className="button button--primary" disabled={!label.trim()}>Save</button>
      </div>
    </Modal>
  );
}

export default function SavedQueryListPage() {
  const navigate = useNavigate();
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(0);
  const [data, setData] = useState<{ count: number; result: SavedQuery[] } | null>(null);
  const [error, setError] = useState(false);
  const [editing, setEditing] = useState<SavedQuery | null>(null);
  const [deleting, setDeleting] = useState<SavedQuery | null>(null);

  const load = useCallback(async () => {
    try {
      const filters = search.trim() ? [{ col: 'label', opr: 'ct', value: search.trim() }] : [];
      const answer = await sqllabApi.listSavedQueries({ filters, order_column: 'changed_on_delta_humanized', order_direction: 'desc', page, page_size: PAGE_SIZE });
      setData({ count: answer.count, result: answer.result.map(savedQueryFromServer).filter((q) => q !== null) });
      setError(false);
    } catch {
      setError(true);
    }
  }, [search, page]);

  useEffect(() => {
    const t = setTimeout(() => void load(), 250);
    return () => clearTimeout(t);
  }, [load]);

  const remove = async (q: SavedQuery) => {
    try {
      await sqllabApi.deleteSavedQuery(q.id);
      addSuccessToast('Deleted: 1 saved query');
      setDeleting(null);
      void load();
    } catch {
      addDangerToast('There was an issue deleting the selected query');
    }
  };

  const pages = data ? Math.max(1, Math.ceil(data.count / PAGE_SIZE)) : 1;
  return (
    <div className="page saved-queries">
      <PageHeader
        title="Saved queries"
        subtitle={data ? `${data.count.toLocaleString('en-US')} saved ${data.count === 1 ? 'query' : 'queries'}` : undefined}
        actions={<Link className="button button--primary" to="/sqllab/">Open SQL Lab</Link>}
      />
      <input className="input saved-queries__search" type="search" placeholder="Search by name" aria-label="Search saved queries" value={search} onChange={(e) => { setSearch(e.target.value); setPage(0); }} />
      {error && <p className="form__error" role="alert">Saved queries could not be loaded.</p>}
      {data && data.result.length === 0 ? (
        <EmptyState headingLevel={2} title="No saved queries" message={search ? 'Nothing matches this search.' : 'Save a query from SQL Lab to find it here.'} />
      ) : (
        <div className="panel saved-queries__panel">
          <table className="simple-table saved-queries__table">
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">Database</th>
                <th scope="col">Schema</th>
                <th scope="col">SQL</th>
                <th scope="col">Modified</th>
                <th scope="col"><span className="visually-hidden">Actions</span></th>
              </tr>
            </thead>
            <tbody>
              {(data?.result ?? []).map((q) => (
                <tr key={q.id}>
                  <td><strong>{q.label}</strong>{q.description ? <div className="saved-queries__desc">{q.description}</div> : null}</td>
                  <td>{q.database?.database_name ?? q.db_id}</td>
                  <td>{q.schema || '—'}</td>
                  <td className="saved-queries__sql"><code title={q.sql}>{q.sql}</code></td>
                  <td>{q.changed_on_delta_humanized ?? ''}</td>
                  <td className="saved-queries__actions">
                    <button type="button" className="button button--secondary button--small" aria-label={`Run ${q.label} in SQL Lab`} onClick={() => void navigate({ to: '/sqllab/', search: { savedQueryId: q.id } as never })}>Run</button>
                    <button type="button" className="button button--ghost button--small" aria-label={`Edit ${q.label}`} onClick={() => setEditing(q)}>Edit</button>
                    <button
                      type="button"
                      className="button button--ghost button--small"
                      aria-label={`Copy link to ${q.label}`}
                      onClick={async () => {
                        await copyText(`${window.location.origin}/sqllab/?savedQueryId=${q.id}`);
                        addSuccessToast('Copied to clipboard!');
                      }}
                    >
                      Copy link
                    </button>
                    <button type="button" className="button button--ghost button--small" aria-label={`Delete ${q.label}`} onClick={() => setDeleting(q)}>Delete</button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          <Pager page={page} pages={pages} onPage={setPage} />
        </div>
      )}
      {editing && <EditDialog query={editing} onClose={() => setEditing(null)} onSaved={() => void load()} />}
      {deleting && (
        <Modal title="Delete saved query?" onClose={() => setDeleting(null)} onSubmit={() => void remove(deleting)}>
          <p>The saved query <strong>{deleting.label}</strong> will be deleted. This cannot be undone.</p>
          <div className="modal__actions">
            <button type="button" className="button button--secondary" onClick={() => setDeleting(null)}>Cancel</button>
            <button type="submit" className="button button--danger">Delete</button>
          </div>
        </Modal>
      )}
    </div>
  );
}
