// /rowlevelsecurity/list/ (Settings -> Row Level Security, admins): the filters on the shared ListView
// (search, type, sort, paging), added and edited in a dialog, deleted one or several at a time.
import { useCallback, useState } from 'react';
import { PageHeader } from '../../app/PageHeader';
import { ListView } from '../../app/list/ListView';
import type { ListColumn, ListFilter } from '../../app/list/types';
import { Modal } from '../../app/Modal';
import { addDangerToast, addSuccessToast } from '../toasts/toastStore';
import { apiProblem } from '../../app/errors/apiProblem';
import { RlsDialog } from './RlsDialog';
import { deleteRls, fetchRlsPage, type RlsRow } from './rlsApi';

const FILTERS: ListFilter[] = [
  { kind: 'search', id: 'name', label: 'Search rules', placeholder: 'Rule name', col: 'name', opr: 'ct' },
  { kind: 'select', id: 'filter_type', label: 'Filter type', col: 'filter_type', opr: 'eq', options: [{ value: 'Regular', label: 'Regular' }, { value: 'Base', label: 'Base' }] },
  { kind: 'search', id: 'group_key', label: 'Group key', placeholder: 'Group key', col: 'group_key', opr: 'ct' },
];

export default function RowLevelSecurityListPage() {
  const [reload, setReload] = useState(0);
  const [count, setCount] = useState<number | null>(null);
  const [editing, setEditing] = useState<number | 'new' | null>(null);
  const [deleting, setDeleting] = useState<RlsRow[] | null>(null);
  const refresh = useCallback(() => setReload((n) => n + 1), []);
  const remove = async (rows: RlsRow[]) => {
    try {
      await deleteRls(rows.map((r) => r.id));
      addSuccessToast(rows.length === 1 ? `Deleted: ${rows[0].name}` : `Deleted ${rows.length} rules`);
      refresh();
    } catch (e) {
      addDangerToast(apiProblem(e, 'There was an issue deleting the selected rules'));
    }
    setDeleting(null);
  };
  const columns: ListColumn<RlsRow>[] = [
    { id: 'name', header: 'Name', sortColumn: 'name', render: (r) => r.name },
    { id: 'filter_type', header: 'Filter type', sortColumn: 'filter_type', render: (r) => r.filter_type },
    { id: 'tables', header: 'Datasets', render: (r) => r.tables },
    { id: 'roles', header: 'Roles', render: (r) => r.roles },
    { id: 'group_key', header: 'Group key', sortColumn: 'group_key', render: (r) => r.group_key },
    { id: 'clause', header: 'Clause', sortColumn: 'clause', render: (r) => <code>{r.clause}</code> },
    { id: 'modified', header: 'Last modified', sortColumn: 'changed_on_delta_humanized', render: (r) => r.changed_on_delta_humanized },
    {
      id: 'actions',
      header: 'Actions',
      hiddenHeader: true,
      render: (r) => (
        <>
          <button type="button" className="button button--ghost button--small" aria-label={`Edit rule ${r.name}`} onClick={() => setEditing(r.id)}>Edit</button>
          <button type="button" className="button button--ghost button--small" aria-label={`Delete rule ${r.name}`} onClick={() => setDeleting([r])}>Delete</button>
        </>
      ),
    },
  ];
  return (
    <div className="page">
      <PageHeader
        title="Row Level Security"
        subtitle={count !== null ? `${count} rules` : undefined}
        actions={<button type="button" className="button button--primary" onClick={() => setEditing('new')}>Add rule</button>}
      />
      <ListView
        label="Row level security rules"
        columns={columns}
        filters={FILTERS}
        fetchPage={fetchRlsPage}
        rowKey={(r) => r.id}
        rowLabel={(r) => r.name}
        initialSort={{ column: 'changed_on_delta_humanized', order: 'desc' }}
        bulkActions={[{ key: 'delete', label: 'Delete selected', danger: true, run: (rows) => setDeleting(rows) }]}
        empty={{ title: 'No rules yet', message: 'Row level security rules limit the rows each role sees in charts, dashboards and reports.', filteredMessage: 'No rules match these filters.' }}
        loadError="Row level security rules could not be loaded."
        reloadToken={reload}
        onLoaded={(page) => setCount(page.count)}
      />
      {editing !== null && <RlsDialog id={editing === 'new' ? null : editing} onClose={() => setEditing(null)} onSaved={refresh} />}
      {deleting && (
        <Modal title="Delete rule?" onClose={() => setDeleting(null)} onSubmit={() => void remove(deleting)}>
          <p>{deleting.length === 1 ? `The rule ${deleting[0].name} will be deleted.` : `${deleting.length} rules will be deleted.`}</p>
          <div className="modal__actions">
            <button type="button" className="button button--secondary" onClick={() => setDeleting(null)}>Cancel</button>
            <button type="submit" className="button button--danger">Delete</button>
          </div>
        </Modal>
      )}
    </div>
  );
}
