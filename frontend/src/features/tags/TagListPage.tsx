// /superset/tags/: users' tags on the shared ListView (search by name, sort, paging), each linking to
// its all-entities page; a new tag (name, description) and deletes, one or several.
import { useCallback, useState } from 'react';
import { PageHeader } from '../../app/PageHeader';
import { ListView } from '../../app/list/ListView';
import type { ListColumn, ListFilter } from '../../app/list/types';
import { Modal } from '../../app/Modal';
import { addDangerToast, addSuccessToast } from '../toasts/toastStore';
import { TagChips } from './TagChips';
import { createTag, deleteTags, fetchTagPage, type TagRow } from './tagsApi';
import { tagNameProblem } from '../../../../shared/tags/tagNames';

const FILTERS: ListFilter[] = [{ kind: 'search', id: 'search', label: 'Search tags', placeholder: 'Tag name', col: 'name', opr: 'ct' }];

function NewTagDialog({ onClose, onSaved }: { onClose: () => void; onSaved: () => void }) {
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const save = async () => {
    const bad = tagNameProblem(name);
    if (bad) return setProblem(bad);
    try {
      await createTag(name.trim(), description);
      addSuccessToast(`Tag created: ${name.trim()}`);
      onSaved();
      onClose();
    } catch (e) {
      setProblem(e instanceof Error ? e.message : 'The tag could not be created');
    }
  };
  return (
    <Modal title="New tag" onClose={onClose} onSubmit={() => void save()}>
      <label className="field"><span className="field__label">Name</span><input className="input" autoFocus value={name} onChange={(e) => setName(e.target.value)} aria-label="Tag name" /></label>
      <label className="field"><span className="field__label">Description</span><textarea className="textarea" rows={2} value={description} onChange={(e) => setDescription(e.target.value)} aria-label="Description" /></label>
      {problem && <p role="alert" className="field__error">{problem}</p>}
      <div className="modal__actions">
        <button type="button" className="button button--secondary" onClick={onClose}>Cancel</button>
        <button type="submit" className="button button--primary" disabled={!name.trim()}>Save</button>
      </div>
    </Modal>
  );
}

export default function TagListPage() {
  const [reload, setReload] = useState(0);
  const [count, setCount] = useState<number | null>(null);
  const [creating, setCreating] = useState(false);
  const [deleting, setDeleting] = useState<TagRow[] | null>(null);
  const refresh = useCallback(() => setReload((n) => n + 1), []);
  const remove = async (rows: TagRow[]) => {
    try {
      await deleteTags(rows.map((r) => r.name));
      addSuccessToast(rows.length === 1 ? `Deleted: ${rows[0].name}` : `Deleted ${rows.length} tags`);
      refresh();
    } catch {
      addDangerToast('There was an issue deleting the selected tags');
    }
    setDeleting(null);
  };
  const columns: ListColumn<TagRow>[] = [
    { id: 'name', header: 'Name', sortColumn: 'name', render: (t) => <TagChips tags={[t]} /> },
    { id: 'description', header: 'Description', render: (t) => t.description ?? '' },
    { id: 'modified', header: 'Modified', sortColumn: 'changed_on_delta_humanized', render: (t) => t.changed_on_delta_humanized },
    { id: 'created_by', header: 'Created by', sortColumn: 'created_by.first_name', render: (t) => t.created_by },
    {
      id: 'actions',
      header: 'Actions',
      hiddenHeader: true,
      render: (t) => (
        <button type="button" className="button button--ghost button--small" aria-label={`Delete tag ${t.name}`} onClick={() => setDeleting([t])}>
          Delete
        </button>
      ),
    },
  ];
  return (
    <div className="page">
      <PageHeader
        title="Tags"
        subtitle={count !== null ? `${count} tags` : undefined}
        actions={<button type="button" className="button button--primary" onClick={() => setCreating(true)}>New tag</button>}
      />
      <ListView
        label="Tags"
        columns={columns}
        filters={FILTERS}
        fetchPage={fetchTagPage}
        rowKey={(t) => t.id}
        rowLabel={(t) => t.name}
        initialSort={{ column: 'changed_on_delta_humanized', order: 'desc' }}
        bulkActions={[{ key: 'delete', label: 'Delete selected', danger: true, run: (rows) => setDeleting(rows) }]}
        empty={{ title: 'No tags yet', message: 'Tag a chart, dashboard or saved query, or make a new tag here.', filteredMessage: 'No tags match this search.' }}
        loadError="Tags could not be loaded."
        reloadToken={reload}
        onLoaded={(page) => setCount(page.count)}
      />
      {creating && <NewTagDialog onClose={() => setCreating(false)} onSaved={refresh} />}
      {deleting && (
        <Modal title="Delete tag?" onClose={() => setDeleting(null)} onSubmit={() => void remove(deleting)}>
          <p>{deleting.length === 1 ? `The tag ${deleting[0].name} will be removed from everything carrying it.` : `${deleting.length} tags will be removed from everything carrying them.`}</p>
          <div className="modal__actions">
            <button type="button" className="button button--secondary" onClick={() => setDeleting(null)}>Cancel</button>
            <button type="submit" className="button button--danger">Delete</button>
          </div>
        </Modal>
      )}
    </div>
  );
}
