// /users/list/ (Settings -> List Users, admins): users on the shared ListView with their roles and
// state; new and edited users in a dialog (password only when set), deletes after a confirmation.
import { useEffect, useState } from 'react';
import { PageHeader } from '../../app/PageHeader';
import { ListView } from '../../app/list/ListView';
import type { ListColumn, ListFilter } from '../../app/list/types';
import { useRowActions } from '../../app/list/useRowActions';
import { ConfirmRowsDelete } from '../../app/list/ConfirmRowsDelete';
import { Modal } from '../sqllab/components/Modal';
import { addSuccessToast } from '../toasts/toastStore';
import { apiProblem } from '../../app/errors/apiProblem';
import { allRoles, createUser, deleteUser, fetchUserPage, updateUser, type RoleRow, type UserRow } from './securityApi';

const FILTERS: ListFilter[] = [{ kind: 'search', id: 'search', label: 'Search users', placeholder: 'Username', col: 'username', opr: 'ct' }];

function UserDialog({ user, onClose, onSaved }: { user: UserRow | null; onClose: () => void; onSaved: () => void }) {
  const [form, setForm] = useState({
    username: user?.username ?? '',
    first_name: user?.first_name ?? '',
    last_name: user?.last_name ?? '',
    email: user?.email ?? '',
    active: user?.active ?? true,
    password: '',
    roles: user?.roles.map((r) => r.id) ?? [],
  });
  const [roles, setRoles] = useState<RoleRow[]>([]);
  const [problem, setProblem] = useState<string | null>(null);
  useEffect(() => void allRoles().then(setRoles, () => setRoles([])), []);
  const set = (key: keyof typeof form, value: unknown) => setForm((f) => ({ ...f, [key]: value }));
  const toggleRole = (id: number) => set('roles', form.roles.includes(id) ? form.roles.filter((r) => r !== id) : [...form.roles, id]);
  const save = async () => {
    try {
      const { password, ...rest } = form;
      if (user) await updateUser(user.id, password ? { ...rest, password } : rest);
      else await createUser({ ...rest, password });
      addSuccessToast(user ? `User saved: ${form.username}` : `User created: ${form.username}`);
      onSaved();
      onClose();
    } catch (e) {
      setProblem(apiProblem(e, 'The user could not be saved'));
    }
  };
  const text = (key: 'username' | 'first_name' | 'last_name' | 'email', label: string) => (
    <label className="field"><span className="field__label">{label}</span><input className="input" value={form[key]} onChange={(e) => set(key, e.target.value)} aria-label={label} /></label>
  );
  return (
    <Modal title={user ? 'Edit user' : 'Add user'} onClose={onClose} onSubmit={() => void save()}>
      {text('username', 'Username')}
      {text('first_name', 'First name')}
      {text('last_name', 'Last name')}
      {text('email', 'Email')}
      <label className="field"><span className="field__label">{user ? 'New password (optional)' : 'Password'}</span><input className="input" type="password" autoComplete="new-password" value={form.password} onChange={(e) => set('password', e.target.value)} aria-label="Password" /></label>
      <label className="field field--inline"><input type="checkbox" checked={form.active} onChange={(e) => set('active', e.target.checked)} /> Active</label>
      <fieldset className="field"><legend className="field__label">Roles</legend>
        {roles.map((r) => (
          <label key={r.id} className="field--inline"><input type="checkbox" checked={form.roles.includes(r.id)} onChange={() => toggleRole(r.id)} /> {r.name}</label>
        ))}
      </fieldset>
      {problem && <p role="alert" className="field__error">{problem}</p>}
      <div className="modal__actions">
        <button type="button" className="button button--secondary" onClick={onClose}>Cancel</button>
        <button type="submit" className="button button--primary" disabled={!form.username.trim() || !form.roles.length || (!user && !form.password)}>Save</button>
      </div>
    </Modal>
  );
}

export default function UserListPage() {
  const rows = useRowActions<UserRow>({
    deleteRows: ([u]) => deleteUser(u.id),
    deletedMessage: ([u]) => `Deleted: ${u.username}`,
    failureMessage: 'The user could not be deleted',
  });
  const columns: ListColumn<UserRow>[] = [
    { id: 'username', header: 'Username', sortColumn: 'username', render: (u) => u.username },
    { id: 'first_name', header: 'First name', sortColumn: 'first_name', render: (u) => u.first_name },
    { id: 'last_name', header: 'Last name', sortColumn: 'last_name', render: (u) => u.last_name },
    { id: 'email', header: 'Email', sortColumn: 'email', render: (u) => u.email },
    { id: 'active', header: 'Active', sortColumn: 'active', render: (u) => (u.active ? 'Yes' : 'No') },
    { id: 'roles', header: 'Roles', render: (u) => u.roles.map((r) => r.name).join(', ') },
    {
      id: 'actions',
      header: 'Actions',
      hiddenHeader: true,
      render: (u) => (
        <>
          <button type="button" className="button button--ghost button--small" aria-label={`Edit user ${u.username}`} onClick={() => rows.setEditing(u)}>Edit</button>
          <button type="button" className="button button--ghost button--small" aria-label={`Delete user ${u.username}`} onClick={() => rows.askDelete([u])}>Delete</button>
        </>
      ),
    },
  ];
  return (
    <div className="page">
      <PageHeader
        title="List Users"
        subtitle={rows.count !== null ? `${rows.count} users` : undefined}
        actions={<button type="button" className="button button--primary" onClick={() => rows.setEditing('new')}>Add user</button>}
      />
      <ListView
        label="Users"
        columns={columns}
        filters={FILTERS}
        fetchPage={fetchUserPage}
        rowKey={(u) => u.id}
        rowLabel={(u) => u.username}
        initialSort={{ column: 'username', order: 'asc' }}
        empty={{ title: 'No users', message: 'Add users and give them roles.', filteredMessage: 'No users match this search.' }}
        loadError="Users could not be loaded."
        reloadToken={rows.reloadToken}
        onLoaded={rows.onLoaded}
      />
      {rows.editing && <UserDialog user={rows.editing === 'new' ? null : rows.editing} onClose={() => rows.setEditing(null)} onSaved={rows.refresh} />}
      <ConfirmRowsDelete actions={rows} title="Delete user?" message={([u]) => `The user ${u.username} will be deleted.`} />
    </div>
  );
}
