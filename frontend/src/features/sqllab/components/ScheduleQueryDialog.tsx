// Schedule a query: saved with its schedule (start and interval) for the scheduler to run.
import { useState } from 'react';
import { scheduleQuery } from '../actions/savedActions';
import type { QueryEditor } from '../state/types';
import { Modal } from '../../../app/Modal';

export function ScheduleQueryDialog({ editor, onClose }: { editor: QueryEditor; onClose: () => void }) {
  const [name, setName] = useState(editor.name);
  const [start, setStart] = useState(new Date(Date.now() + 3_600_000).toISOString().slice(0, 16));
  const [interval, setInterval] = useState('@daily');
  const submit = async () => {
    if (await scheduleQuery(editor.id, { name: name.trim(), start, interval })) onClose();
  };
  return (
    <Modal title="Schedule query" onClose={onClose} onSubmit={() => void submit()}>
      <label className="field">
        <span className="field__label">Name</span>
        <input className="input" autoFocus value={name} onChange={(e) => setName(e.target.value)} aria-label="Schedule name" />
      </label>
      <label className="field">
        <span className="field__label">Start</span>
        <input className="input" type="datetime-local" value={start} onChange={(e) => setStart(e.target.value)} aria-label="Start" />
      </label>
      <label className="field">
        <span className="field__label">Interval</span>
        <select className="select" value={interval} onChange={(e) => setInterval(e.target.value)} aria-label="Interval">
          <option value="@hourly">Hourly</option>
          <option value="@daily">Daily</option>
          <option value="@weekly">Weekly</option>
          <option value="@monthly">Monthly</option>
        </select>
      </label>
      <div className="modal__actions">
        <button type="button" className="button button--secondary" onClick={onClose}>Cancel</button>
        <button type="submit" className="button button--primary" disabled={!name.trim()}>Schedule</button>
      </div>
    </Modal>
  );
}
