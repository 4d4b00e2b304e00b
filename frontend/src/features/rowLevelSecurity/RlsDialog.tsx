// The create / edit dialog of a row level security filter: name, type, datasets, roles (every role,
// built-in and custom, searchable), group key, clause and description. A Regular rule needs a role; a
// Base rule with none applies to everyone, which the dialog says. The server checks the clause (one
// boolean expression) and says why not.
import { useEffect, useState } from 'react';
import type { SelectOption } from '../../app/list/types';
import { Modal } from '../../app/Modal';
import { SearchableMultiSelect } from '../../app/forms/SearchableMultiSelect';
import { apiProblem } from '../../app/errors/apiProblem';
import { addSuccessToast } from '../toasts/toastStore';
import { createRls, getRls, relatedOptions, updateRls, type RlsForm } from './rlsApi';

const EMPTY: RlsForm = { name: '', description: null, filter_type: 'Regular', tables: [], roles: [], group_key: null, clause: '' };

/** Why the form cannot be saved yet, or null: a Regular rule binds only its roles, so it needs one. */
export function rlsFormProblem(form: RlsForm): string | null {
  if (form.filter_type === 'Regular' && form.roles.length === 0) return 'A Regular rule applies to the roles chosen: choose at least one role, or make it a Base rule.';
  return null;
}

export function RlsDialog({ id, onClose, onSaved }: { id: number | null; onClose: () => void; onSaved: () => void }) {
  const [form, setForm] = useState<RlsForm | null>(id === null ? EMPTY : null);
  const [tables, setTables] = useState<SelectOption[]>([]);
  const [roles, setRoles] = useState<SelectOption[]>([]);
  const [problem, setProblem] = useState<string | null>(null);
  useEffect(() => {
    relatedOptions('tables').then(setTables, () => setProblem('Datasets could not be loaded'));
    relatedOptions('roles').then(setRoles, () => setProblem('Roles could not be loaded'));
    if (id !== null) getRls(id).then(setForm, (e) => setProblem(apiProblem(e, 'The rule could not be loaded')));
  }, [id]);
  const set = (patch: Partial<RlsForm>) => setForm((f) => (f ? { ...f, ...patch } : f));
  const save = async () => {
    if (!form) return;
    try {
      const body = { ...form, name: form.name.trim(), group_key: form.group_key?.trim() || null, description: form.description || null };
      if (id !== null) await updateRls(id, body);
      else await createRls(body);
      addSuccessToast(id !== null ? `Rule saved: ${body.name}` : `Rule created: ${body.name}`);
      onSaved();
      onClose();
    } catch (e) {
      setProblem(apiProblem(e, 'The rule could not be saved'));
    }
  };
  const roleProblem = form ? rlsFormProblem(form) : null;
  const valid = form && form.name.trim() && form.clause.trim() && form.tables.length > 0 && !roleProblem;
  return (
    <Modal title={id !== null ? 'Edit rule' : 'Add rule'} onClose={onClose} onSubmit={() => void save()}>
      {form && (
        <>
          <label className="field"><span className="field__label">Rule name</span><input className="input" autoFocus value={form.name} onChange={(e) => set({ name: e.target.value })} aria-label="Rule name" /></label>
          <label className="field">
            <span className="field__label">Filter type</span>
            <select className="input" aria-label="Filter type" value={form.filter_type} onChange={(e) => set({ filter_type: e.target.value as RlsForm['filter_type'] })}>
              <option value="Regular">Regular</option>
              <option value="Base">Base</option>
            </select>
          </label>
          <p className="field__hint">Regular filters add where clauses to queries if a user belongs to a role referenced in the filter. Base filters apply filters to all queries except the roles defined in the filter.</p>
          <SearchableMultiSelect label="Datasets" options={tables} value={form.tables} onChange={(ids) => set({ tables: ids.map(Number) })} />
          <SearchableMultiSelect label="Roles" options={roles} value={form.roles} onChange={(ids) => set({ roles: ids.map(Number) })} />
          {roleProblem && <p className="field__hint" role="status">{roleProblem}</p>}
          {form.filter_type === 'Base' && form.roles.length === 0 && <p className="field__hint" role="status">This Base rule applies to everyone: no role is exempt.</p>}
          <label className="field"><span className="field__label">Group key</span><input className="input" value={form.group_key ?? ''} onChange={(e) => set({ group_key: e.target.value })} aria-label="Group key" /></label>
          <label className="field"><span className="field__label">Clause</span><textarea className="textarea" rows={3} value={form.clause} onChange={(e) => set({ clause: e.target.value })} aria-label="Clause" placeholder={`"department" = 'Finance'`} /></label>
          <label className="field"><span className="field__label">Description</span><textarea className="textarea" rows={2} value={form.description ?? ''} onChange={(e) => set({ description: e.target.value })} aria-label="Description" /></label>
        </>
      )}
      {problem && <p role="alert" className="field__error">{problem}</p>}
      <div className="modal__actions">
        <button type="button" className="button button--secondary" onClick={onClose}>Cancel</button>
        <button type="submit" className="button button--primary" disabled={!valid}>Save</button>
      </div>
    </Modal>
  );
}
