// The owners field of properties dialogs: a multi-select of users from a resource's related/owners
// call (Superset's owners picker). The current owners stay listed even when the page of users lacks them.
import { useEffect, useState } from 'react';
import type { SelectOption } from '../list/types';

export interface OwnerRef {
  id: number;
  first_name?: string;
  last_name?: string;
}

const ownerLabel = (o: OwnerRef) => `${o.first_name ?? ''} ${o.last_name ?? ''}`.trim() || `User ${o.id}`;

export function OwnersSelect({ value, current = [], loadUsers, onChange }: { value: number[]; current?: readonly OwnerRef[]; loadUsers: () => Promise<SelectOption[]>; onChange: (ids: number[]) => void }) {
  const [users, setUsers] = useState<SelectOption[]>([]);
  useEffect(() => {
    loadUsers().then(setUsers, () => setUsers([]));
  }, [loadUsers]);
  const known = new Set(users.map((u) => String(u.value)));
  const options = [...users, ...current.filter((o) => !known.has(String(o.id))).map((o) => ({ value: o.id, label: ownerLabel(o) }))];
  return (
    <label className="field">
      <span className="field__label">Owners</span>
      <select className="input" multiple aria-label="Owners" value={value.map(String)} onChange={(e) => onChange(Array.from(e.target.selectedOptions, (o) => Number(o.value)))}>
        {options.map((u) => (
          <option key={String(u.value)} value={String(u.value)}>
            {u.label}
          </option>
        ))}
      </select>
    </label>
  );
}
