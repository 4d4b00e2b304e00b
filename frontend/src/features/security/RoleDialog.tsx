// Add/Edit role (Settings -> List Roles): the name, the permission/view pairs the role grants and the
// users holding it, each pair and user picked in a searchable multi-select. Save writes the name
// (create or rename), then the pairs, then each changed user's roles (read again first, their other
// roles kept). A refused write shows the server's message here with everything typed kept; a role
// created before a later step failed is edited, not created again, on the next Save. Built-in roles
// keep their names and the pairs code gives them (shown fixed); an admin adds pairs and users to them.
import { useEffect, useMemo, useState } from 'react';
import { Modal } from '../../app/Modal';
import { SearchableMultiSelect } from '../../app/forms/SearchableMultiSelect';
import { apiProblem } from '../../app/errors/apiProblem';
import { addSuccessToast } from '../toasts/toastStore';
import { ROLES } from '../../../../shared/security/roles';
import { pairKey } from '../../../../shared/security/permissions';
import { leftWithoutRole, membersOf, membershipChanges, pairLabel } from './roleMembers';
import { allPermissionPairs, allUsers, createRole, readUser, renameRole, rolePermissions, setRolePermissions, updateUser, type PermissionPair, type RoleRow, type UserRow } from './securityApi';

interface Loaded {
  pairs: PermissionPair[];
  users: UserRow[];
}

const userLabel = (u: UserRow) => {
  const full = `${u.first_name} ${u.last_name}`.trim();
  return full ? `${u.username} (${full})` : u.username;
};

export function RoleDialog({ role, onClose, onSaved }: { role: RoleRow | null; onClose: () => void; onSaved: () => void }) {
  const [name, setName] = useState(role?.name ?? '');
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [permissions, setPermissions] = useState<number[]>([]);
  const [members, setMembers] = useState<number[]>([]);
  const [problem, setProblem] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  // The role written so far: a role created by a Save that then failed is not created twice.
  const [saved, setSaved] = useState<RoleRow | null>(role);

  useEffect(() => {
    let live = true;
    Promise.all([allPermissionPairs(), allUsers(), role ? rolePermissions(role.id) : Promise.resolve([])]).then(
      ([pairs, users, held]) => {
        if (!live) return;
        setLoaded({ pairs, users });
        setPermissions(held.map((p) => p.id));
        setMembers(role ? membersOf(users, role.id) : []);
      },
      (e) => live && setProblem(apiProblem(e, 'Permissions and users could not be loaded')),
    );
    return () => {
      live = false;
    };
  }, [role]);

  const builtin = role !== null && role.name in ROLES;
  const fixedPairs = useMemo(() => {
    if (!role || !builtin || !loaded) return new Set<number>();
    const own = new Set(ROLES[role.name].map(([p, v]) => pairKey(p, v)));
    return new Set(loaded.pairs.filter((p) => own.has(pairKey(p.permission, p.view))).map((p) => p.id));
  }, [role, builtin, loaded]);
  const pairOptions = useMemo(() => (loaded?.pairs ?? []).map((p) => ({ value: p.id, label: pairLabel(p.permission, p.view) })), [loaded]);
  const userOptions = useMemo(() => (loaded?.users ?? []).map((u) => ({ value: u.id, label: userLabel(u) })), [loaded]);

  const save = async () => {
    if (!loaded || saving) return;
    setSaving(true);
    setProblem(null);
    const trimmed = name.trim();
    let written = saved;
    const done: string[] = [];
    try {
      // Users as stored now, so a role given or taken elsewhere meanwhile is not undone.
      const heldBy = written?.id ?? null;
      const concerned = loaded.users.filter((u) => members.includes(u.id) || u.roles.some((r) => r.id === heldBy));
      const current = await Promise.all(concerned.map((u) => readUser(u.id)));
      const stranded = heldBy === null ? [] : leftWithoutRole(membershipChanges(current, heldBy, members));
      if (stranded.length) throw new Error(`${stranded.join(', ')} would have no role left: give them another role first.`);
      if (!written) {
        const created = await createRole(trimmed);
        written = { id: created.id, name: trimmed };
        setSaved(written);
        done.push('the role was created');
      } else if (written.name !== trimmed) {
        await renameRole(written.id, trimmed);
        written = { ...written, name: trimmed };
        setSaved(written);
        done.push('the role was renamed');
      }
      await setRolePermissions(written.id, permissions);
      done.push('its permissions were saved');
      for (const change of membershipChanges(current, written.id, members)) {
        await updateUser(change.id, { roles: change.roles });
        done.push(`${change.username} was updated`);
      }
      addSuccessToast(role ? `Role saved: ${trimmed}` : `Role created: ${trimmed}`);
      onSaved();
      onClose();
    } catch (e) {
      const message = apiProblem(e, 'The role could not be saved');
      // Nothing partly saved passes for saved: what was written is named, and Save again finishes it.
      setProblem(done.length ? `Not everything was saved (${done.join(', ')}): ${message}` : message);
      if (done.length) onSaved();
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal title={role ? 'Edit role' : 'Add role'} onClose={onClose} onSubmit={() => void save()}>
      <label className="field"><span className="field__label">Name</span><input className="input" autoFocus value={name} readOnly={builtin} aria-describedby={builtin ? 'role-name-note' : undefined} onChange={(e) => setName(e.target.value)} aria-label="Role name" /></label>
      {builtin && <p id="role-name-note" className="field__hint">Built-in roles keep their names and the permissions they come with.</p>}
      <SearchableMultiSelect label="Permissions" options={pairOptions} value={permissions} onChange={(v) => setPermissions(v.map(Number))} loading={!loaded} placeholder="Search permissions" fixed={fixedPairs} fixedNote="built-in" />
      <SearchableMultiSelect label="Users" options={userOptions} value={members} onChange={(v) => setMembers(v.map(Number))} loading={!loaded} placeholder="Search users" />
      {problem && <p role="alert" className="field__error">{problem}</p>}
      <div className="modal__actions">
        <button type="button" className="button button--secondary" onClick={onClose}>Cancel</button>
        <button type="submit" className="button button--primary" disabled={!name.trim() || !loaded || saving}>Save</button>
      </div>
    </Modal>
  );
}
