// /roles/list/ (Settings -> List Roles, admins): roles on the shared ListView; each row shows its
// permission/view pairs on demand, worded as the role dialog words them ("can read on Chart"); roles are edited (name, pairs, users: RoleDialog; built-in ones keep
// their names), custom ones created and deleted here.
import { useState } from 'react';
import { PageHeader } from '../../app/PageHeader';
import { ListView } from '../../app/list/ListView';
import type { ListColumn, ListFilter } from '../../app/list/types';
import { useRowActions } from '../../app/list/useRowActions';
import { ConfirmRowsDelete } from '../../app/list/ConfirmRowsDelete';
import { addDangerToast } from '../toasts/toastStore';
import { apiProblem } from '../../app/errors/apiProblem';
import { deleteRole, fetchRolePage, rolePermissions, type RoleRow } from './securityApi';
import { RoleDialog } from './RoleDialog';
import { pairLabel } from './roleMembers';

const FILTERS: ListFilter[] = [{ kind: 'search', id: 'search', label: 'Search roles', placeholder: 'Name', col: 'name', opr: 'ct' }];
const BUILTIN = new Set(['Admin', 'Alpha', 'Gamma', 'sql_lab', 'Public']);

function Permissions({ role }: { role: RoleRow }) {
  const [pairs, setPairs] = useState<{ id: number; permission_name: string; view_menu_name: string }[] | null>(null);
  if (!pairs) {
    return (
      <button type="button" className="button button--ghost button--small" aria-label={`Show permissions of ${role.name}`} onClick={() => void rolePermissions(role.id).then(setPairs, (e) => addDangerToast(apiProblem(e, 'Permissions could not be loaded')))}>
        Show permissions
      </button>
    );
  }
  if (!pairs.length) return <span>No permissions</span>;
  return (
    <ul className="plain-list" aria-label={`Permissions of ${role.name}`}>
      {pairs.map((p) => <li key={p.id}>{pairLabel(p.permission_name, p.view_menu_name)}</li>)}
    </ul>
  );
}

export default function RoleListPage() {
  const rows = useRowActions<RoleRow>({
    deleteRows: ([r]) => deleteRole(r.id),
    deletedMessage: ([r]) => `Deleted: ${r.name}`,
    failureMessage: 'The role could not be deleted',
  });
  const columns: ListColumn<RoleRow>[] = [
    { id: 'name', header: 'Name', sortColumn: 'name', render: (r) => r.name },
    { id: 'permissions', header: 'Permissions', render: (r) => <Permissions role={r} /> },
    {
      id: 'actions',
      header: 'Actions',
      hiddenHeader: true,
      render: (r) => (
        <>
          <button type="button" className="button button--ghost button--small" aria-label={`Edit role ${r.name}`} onClick={() => rows.setEditing(r)}>Edit</button>
          {!BUILTIN.has(r.name) && (
            <button type="button" className="button button--ghost button--small" aria-label={`Delete role ${r.name}`} onClick={() => rows.askDelete([r])}>Delete</button>
          )}
        </>
      ),
    },
  ];
  return (
    <div className="page">
      <PageHeader title="List Roles" actions={<button type="button" className="button button--primary" onClick={() => rows.setEditing('new')}>Add role</button>} />
      <ListView
        label="Roles"
        columns={columns}
        filters={FILTERS}
        fetchPage={fetchRolePage}
        rowKey={(r) => r.id}
        rowLabel={(r) => r.name}
        initialSort={{ column: 'id', order: 'asc' }}
        empty={{ title: 'No roles', message: 'Roles group permissions.', filteredMessage: 'No roles match this search.' }}
        loadError="Roles could not be loaded."
        reloadToken={rows.reloadToken}
      />
      {rows.editing && <RoleDialog role={rows.editing === 'new' ? null : rows.editing} onClose={() => rows.setEditing(null)} onSaved={rows.refresh} />}
      <ConfirmRowsDelete actions={rows} title="Delete role?" message={([r]) => `The role ${r.name} will be deleted.`} />
    </div>
  );
}
