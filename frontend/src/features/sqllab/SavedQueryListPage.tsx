// /savedqueryview/list/: the user's saved queries on the shared ListView: search (name, description,
// schema, SQL), database and owner filters, sort by any column, paging, bulk delete, and per row Run
// (open in the editor), Edit, Copy link and Delete.
import { useCallback, useState } from 'react';
import { Link, useNavigate } from '@tanstack/react-router';
import { PageHeader } from '../../app/PageHeader';
import { api } from '../../api/client';
import { ListView } from '../../app/list/ListView';
import { toOptions } from '../../app/list/fetchList';
import type { ListArgs, ListColumn, ListFilter } from '../../app/list/types';
import { addDangerToast, addSuccessToast } from '../toasts/toastStore';
import * as sqllabApi from './api/sqllabApi';
import { copyText } from './actions/savedActions';
import { Modal } from '../../app/Modal';
import { exportAssets } from '../assets/assetBundles';
import { ImportDialog } from '../assets/ImportDialog';
import { savedQueryFromServer, type SavedQuery } from './state/serverMapping';
import './sqllab.css';
import { TagChips } from '../tags/TagChips';
import { TagEditor } from '../tags/TagEditor';
import { customTags, tagFilter, type TagChip } from '../tags/tagsApi';

interface SavedQueryRow extends SavedQuery {
  sql_tables: { schema?: string | null; table?: string }[];
  created_by: { first_name?: string; last_name?: string } | null;
  tags: TagChip[];
}

const FILTERS: ListFilter[] = [
  { kind: 'search', id: 'search', label: 'Search saved queries', placeholder: 'Name, description, schema or SQL', col: 'label', opr: 'all_text' },
  { kind: 'select', id: 'database', label: 'Database', col: 'database', opr: 'rel_o_m', options: async () => toOptions(await api.call('savedQuery.related', { params: { column: 'database' }, q: { page: 0, page_size: 1000 } })) },
  { kind: 'select', id: 'owner', label: 'Owner', col: 'created_by', opr: 'rel_o_m', options: async () => toOptions(await api.call('savedQuery.related', { params: { column: 'created_by' }, q: { page: 0, page_size: 1000 } })) },
  tagFilter('saved_query_tag_id'),
];
const fetchSaved = async (q: ListArgs) => {
  const answer = await api.call('savedQuery.list', { q: { ...q } });
  const result = answer.result.flatMap((row): SavedQueryRow[] => {
    const saved = savedQueryFromServer(row);
    return saved ? [{ ...saved, sql_tables: row.sql_tables ?? [], created_by: row.created_by ?? null, tags: customTags(row.tags) }] : [];
  });
  return { count: answer.count, result };
};

function EditDialog({ query, onClose, onSaved }: { query: SavedQueryRow; onClose: () => void; onSaved: () => void }) {
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
      <TagEditor type="query" id={query.id} initial={query.tags} onChange={onSaved} />
      <div className="modal__actions">
        <button type="button" className="button button--secondary" onClick={onClose}>Cancel</button>
        <button type="submit" className="button button--primary" disabled={!label.trim()}>Save</button>
      </div>
    </Modal>
  );
}

export default function SavedQueryListPage() {
  const navigate = useNavigate();
  const [count, setCount] = useState<number | null>(null);
  const [reload, setReload] = useState(0);
  const [editing, setEditing] = useState<SavedQueryRow | null>(null);
  const [deleting, setDeleting] = useState<SavedQueryRow[] | null>(null);
  const [importing, setImporting] = useState(false);
  const refresh = useCallback(() => setReload((n) => n + 1), []);

  const remove = async (rows: SavedQueryRow[]) => {
    try {
      if (rows.length === 1) await sqllabApi.deleteSavedQuery(rows[0].id);
      else await api.call('savedQuery.bulkDelete', { q: rows.map((r) => r.id) });
      addSuccessToast(rows.length === 1 ? 'Deleted: 1 saved query' : `Deleted: ${rows.length} saved queries`);
      setDeleting(null);
      refresh();
    } catch {
      addDangerToast('There was an issue deleting the selected queries');
    }
  };

  const columns: ListColumn<SavedQueryRow>[] = [
    { id: 'label', header: 'Name', sortColumn: 'label', render: (q) => <><strong>{q.label}</strong>{q.description ? <div className="saved-queries__desc">{q.description}</div> : null}</> },
    { id: 'database', header: 'Database', sortColumn: 'database.database_name', render: (q) => q.database?.database_name ?? q.db_id },
    { id: 'schema', header: 'Schema', sortColumn: 'schema', render: (q) => q.schema || '—' },
    { id: 'tables', header: 'Tables', render: (q) => q.sql_tables.map((t) => (t.schema ? `${t.schema}.${t.table}` : t.table)).join(', ') || '—' },
    { id: 'sql', header: 'SQL', sortColumn: 'sql', className: 'saved-queries__sql', render: (q) => <code title={q.sql}>{q.sql}</code> },
    { id: 'owner', header: 'Owner', sortColumn: 'created_by.first_name', render: (q) => (q.created_by ? `${q.created_by.first_name ?? ''} ${q.created_by.last_name ?? ''}`.trim() : '—') },
    { id: 'tags', header: 'Tags', render: (q) => (q.tags.length ? <TagChips tags={q.tags} max={3} /> : '—') },
    { id: 'modified', header: 'Modified', sortColumn: 'changed_on_delta_humanized', render: (q) => q.changed_on_delta_humanized ?? '' },
    {
      id: 'actions',
      header: 'Actions',
      hiddenHeader: true,
      className: 'saved-queries__actions',
      render: (q) => (
        <>
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
          <button type="button" className="button button--ghost button--small" aria-label={`Export ${q.label}`} onClick={() => void exportAssets('savedQuery', [q.id])}>Export</button>
          <button type="button" className="button button--ghost button--small" aria-label={`Delete ${q.label}`} onClick={() => setDeleting([q])}>Delete</button>
        </>
      ),
    },
  ];

  return (
    <div className="page saved-queries">
      <PageHeader
        title="Saved queries"
        subtitle={count !== null ? `${count.toLocaleString('en-US')} saved ${count === 1 ? 'query' : 'queries'}` : undefined}
        actions={
          <>
            <button type="button" className="button button--secondary" onClick={() => setImporting(true)}>Import saved queries</button>
            <Link className="button button--primary" to="/sqllab/">Open SQL Lab</Link>
          </>
        }
      />
      <ListView
        label="Saved queries"
        columns={columns}
        filters={FILTERS}
        fetchPage={fetchSaved}
        rowKey={(q) => q.id}
        rowLabel={(q) => q.label}
        initialSort={{ column: 'changed_on_delta_humanized', order: 'desc' }}
        bulkActions={[
          { key: 'export', label: 'Export selected', run: (rows) => exportAssets('savedQuery', rows.map((r) => r.id)) },
          { key: 'delete', label: 'Delete selected', danger: true, run: (rows) => setDeleting(rows) },
        ]}
        empty={{ title: 'No saved queries', message: 'Save a query from SQL Lab to find it here.', filteredMessage: 'Nothing matches this search.' }}
        loadError="Saved queries could not be loaded."
        reloadToken={reload}
        onLoaded={(page) => setCount(page.count)}
      />
      {importing && <ImportDialog kind="savedQuery" title="Import saved queries" onClose={() => setImporting(false)} onImported={refresh} />}
      {editing && <EditDialog query={editing} onClose={() => setEditing(null)} onSaved={refresh} />}
      {deleting && (
        <Modal title="Delete saved query?" onClose={() => setDeleting(null)} onSubmit={() => void remove(deleting)}>
          {deleting.length === 1 ? (
            <p>The saved query <strong>{deleting[0].label}</strong> will be deleted. This cannot be undone.</p>
          ) : (
            <p>{deleting.length} saved queries will be deleted. This cannot be undone.</p>
          )}
          <div className="modal__actions">
            <button type="button" className="button button--secondary" onClick={() => setDeleting(null)}>Cancel</button>
            <button type="submit" className="button button--danger">Delete</button>
          </div>
        </Modal>
      )}
    </div>
  );
}
