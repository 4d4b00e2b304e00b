// CREATE TABLE AS / CREATE VIEW AS: runs the tab's SELECT into a new table or view.
import { useState } from 'react';
import { runEditorQuery } from '../actions/queryActions';
import type { QueryEditor } from '../state/types';
import { Modal } from '../../../app/Modal';

export function CtasOptions({ editor, allowCtas, allowCvas, onClose }: { editor: QueryEditor; allowCtas: boolean; allowCvas: boolean; onClose: () => void }) {
  const [method, setMethod] = useState<'TABLE' | 'VIEW'>(allowCtas ? 'TABLE' : 'VIEW');
  const [name, setName] = useState('');
  const valid = /^[A-Za-z_][A-Za-z0-9_]*$/.test(name);
  const submit = () => {
    if (!valid) return;
    void runEditorQuery(editor.id, { ctas: true, ctasMethod: method, tmpTableName: name });
    onClose();
  };
  return (
    <Modal title="Create table or view from query" onClose={onClose} onSubmit={submit}>
      <fieldset className="field">
        <legend className="field__label">Create</legend>
        {allowCtas && (
          <label><input type="radio" name="ctas" checked={method === 'TABLE'} onChange={() => setMethod('TABLE')} /> Table (CTAS)</label>
        )}
        {allowCvas && (
          <label><input type="radio" name="ctas" checked={method === 'VIEW'} onChange={() => setMethod('VIEW')} /> View (CVAS)</label>
        )}
      </fieldset>
      <label className="field">
        <span className="field__label">Name</span>
        <input className="input" autoFocus value={name} onChange={(e) => setName(e.target.value)} aria-label="Table or view name" aria-invalid={Boolean(name) && !valid} />
      </label>
      {name && !valid && <p className="form__error">Letters, digits and underscores only, not starting with a digit.</p>}
      <div className="modal__actions">
        <button type="button" className="button button--secondary" onClick={onClose}>Cancel</button>
        <button type="submit" className="button button--primary" disabled={!valid}>Run as {method === 'TABLE' ? 'CTAS' : 'CVAS'}</button>
      </div>
    </Modal>
  );
}
