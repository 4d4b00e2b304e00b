// /superset/tags/: users' tags on the shared ListView (search by name, sort, paging), each linking to
// its all-entities page; a new tag (name, description) and deletes, one or several.
import { useState } from 'react';
import { PageHeader } from '../../app/PageHeader';
import { ListView } from '../../app/list/ListView';
import type { ListColumn, ListFilter } from '../../app/list/types';
import { useRowActions } from '../../app/list/useRowActions';
import { ConfirmRowsDelete } from '../../app/list/ConfirmRowsDelete';
import { Modal } from '../../app/Modal';
import { addSuccessToast } from '../toasts/toastStore';
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
  const rows = useRowActions<TagRow>({
    deleteRows: (selected) => deleteTags(selected.map((r) => r.name)),
    deletedMessage: (deleted) => (deleted.length === 1 ? `Deleted: ${deleted[0].name}` : `Deleted ${deleted.length} tags`),
    failureMessage: 'There was an issue deleting the selected tags',
  });
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
        <button type="button" className="button button--ghost button--small" aria-label={`Delete tag ${t.name}`} onClick={() => rows.askDelete([t])}>
          Delete
        </button>
      ),
    },
  ];
  return (
    <div className="page">
      <PageHeader
        title="Tags"
        subtitle={rows.count !== null ? `${rows.count} tags` : undefined}
        actions={<button type="button" className="button button--primary" onClick={() => rows.setEditing('new')}>New tag</button>}
      />
      <ListView
        label="Tags"
        columns={columns}
        filters={FILTERS}
        fetchPage={fetchTagPage}
        rowKey={(t) => t.id}
        rowLabel={(t) => t.name}
        initialSort={{ column: 'changed_on_delta_humanized', order: 'desc' }}
        bulkActions={[{ key: 'delete', label: 'Delete selected', danger: true, run: rows.askDelete }]}
        empty={{ title: 'No tags yet', message: 'Tag a chart, dashboard or saved query, or make a new tag here.', filteredMessage: 'No tags match this search.' }}
        loadError="Tags could not be loaded."
        reloadToken={rows.reloadToken}
        onLoaded={rows.onLoaded}
      />
      {rows.editing === 'new' && <NewTagDialog onClose={() => rows.setEditing(null)} onSaved={rows.refresh} />}
      <ConfirmRowsDelete
        actions={rows}
        title="Delete tag?"
        message={(d) => (d.length === 1 ? `The tag ${d[0].name} will be removed from everything carrying it.` : `${d.length} tags will be removed from everything carrying them.`)}
      />
    </div>
  );
}
