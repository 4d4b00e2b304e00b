// /rowlevelsecurity/list/ (Settings -> Row Level Security, admins): the filters on the shared ListView
// (search, type, sort, paging), added and edited in a dialog, deleted one or several at a time.
import { PageHeader } from '../../app/PageHeader';
import { ListView } from '../../app/list/ListView';
import type { ListColumn, ListFilter } from '../../app/list/types';
import { useRowActions } from '../../app/list/useRowActions';
import { ConfirmRowsDelete } from '../../app/list/ConfirmRowsDelete';
import { RlsDialog } from './RlsDialog';
import { deleteRls, fetchRlsPage, type RlsRow } from './rlsApi';

const FILTERS: ListFilter[] = [
  { kind: 'search', id: 'name', label: 'Search rules', placeholder: 'Rule name', col: 'name', opr: 'ct' },
  { kind: 'select', id: 'filter_type', label: 'Filter type', col: 'filter_type', opr: 'eq', options: [{ value: 'Regular', label: 'Regular' }, { value: 'Base', label: 'Base' }] },
  { kind: 'search', id: 'group_key', label: 'Group key', placeholder: 'Group key', col: 'group_key', opr: 'ct' },
];

export default function RowLevelSecurityListPage() {
  const rows = useRowActions<RlsRow, number>({
    deleteRows: (selected) => deleteRls(selected.map((r) => r.id)),
    deletedMessage: (deleted) => (deleted.length === 1 ? `Deleted: ${deleted[0].name}` : `Deleted ${deleted.length} rules`),
    failureMessage: 'There was an issue deleting the selected rules',
  });
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
          <button type="button" className="button button--ghost button--small" aria-label={`Edit rule ${r.name}`} onClick={() => rows.setEditing(r.id)}>Edit</button>
          <button type="button" className="button button--ghost button--small" aria-label={`Delete rule ${r.name}`} onClick={() => rows.askDelete([r])}>Delete</button>
        </>
      ),
    },
  ];
  return (
    <div className="page">
      <PageHeader
        title="Row Level Security"
        subtitle={rows.count !== null ? `${rows.count} rules` : undefined}
        actions={<button type="button" className="button button--primary" onClick={() => rows.setEditing('new')}>Add rule</button>}
      />
      <ListView
        label="Row level security rules"
        columns={columns}
        filters={FILTERS}
        fetchPage={fetchRlsPage}
        rowKey={(r) => r.id}
        rowLabel={(r) => r.name}
        initialSort={{ column: 'changed_on_delta_humanized', order: 'desc' }}
        bulkActions={[{ key: 'delete', label: 'Delete selected', danger: true, run: rows.askDelete }]}
        empty={{ title: 'No rules yet', message: 'Row level security rules limit the rows each role sees in charts, dashboards and reports.', filteredMessage: 'No rules match these filters.' }}
        loadError="Row level security rules could not be loaded."
        reloadToken={rows.reloadToken}
        onLoaded={rows.onLoaded}
      />
      {rows.editing !== null && <RlsDialog id={rows.editing === 'new' ? null : rows.editing} onClose={() => rows.setEditing(null)} onSaved={rows.refresh} />}
      <ConfirmRowsDelete actions={rows} title="Delete rule?" message={(d) => (d.length === 1 ? `The rule ${d[0].name} will be deleted.` : `${d.length} rules will be deleted.`)} />
    </div>
  );
}
