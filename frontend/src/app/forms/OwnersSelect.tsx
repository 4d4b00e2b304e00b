// The owners field of properties dialogs: a multi-select of users from a resource's related/owners
// call (Superset's owners picker), and the same picker for other related objects (a dashboard's roles).
// The current choices stay listed even when the loaded page lacks them.
import { useEffect, useState } from 'react';
import type { SelectOption } from '../list/types';

export interface OwnerRef {
  id: number;
  first_name?: string;
  last_name?: string;
}

const ownerLabel = (o: OwnerRef) => `${o.first_name ?? ''} ${o.last_name ?? ''}`.trim() || `User ${o.id}`;

interface RelatedSelectProps {
  label: string;
  value: number[];
  /** The current choices with their names (shown even when `load` does not answer them). */
  current: readonly SelectOption[];
  load: () => Promise<SelectOption[]>;
  onChange: (ids: number[]) => void;
}

export function RelatedMultiSelect({ label, value, current, load, onChange }: RelatedSelectProps) {
  const [loaded, setLoaded] = useState<SelectOption[]>([]);
  useEffect(() => {
    load().then(setLoaded, () => setLoaded([]));
  }, [load]);
  const known = new Set(loaded.map((u) => String(u.value)));
  const options = [...loaded, ...current.filter((o) => !known.has(String(o.value)))];
  return (
    <label className="field">
      <span className="field__label">{label}</span>
      <select className="input" multiple aria-label={label} value={value.map(String)} onChange={(e) => onChange(Array.from(e.target.selectedOptions, (o) => Number(o.value)))}>
        {options.map((u) => (
          <option key={String(u.value)} value={String(u.value)}>
            {u.label}
          </option>
        ))}
      </select>
    </label>
  );
}

export function OwnersSelect({ value, current = [], loadUsers, onChange }: { value: number[]; current?: readonly OwnerRef[]; loadUsers: () => Promise<SelectOption[]>; onChange: (ids: number[]) => void }) {
  return <RelatedMultiSelect label="Owners" value={value} current={current.map((o) => ({ value: o.id, label: ownerLabel(o) }))} load={loadUsers} onChange={onChange} />;
}
