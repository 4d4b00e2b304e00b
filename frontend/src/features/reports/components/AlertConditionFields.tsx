// An alert's condition: the database and SQL it runs (read-only, checked by the server as SQL Lab
// checks it), and the trigger: the query returns a value ("not null") or compares it to a threshold.
import { OPERATORS, OPERATOR_LABELS, type ReportForm } from '../form/reportForm';
import { databaseOptions } from '../state/reportLookups';
import { LookupSelect } from './LookupSelect';

const loadDatabases = () => databaseOptions();

export function AlertConditionFields({ form, set, databaseLabel }: { form: ReportForm; set: (patch: Partial<ReportForm>) => void; databaseLabel?: string }) {
  const condition = form.validatorType === 'not null' ? 'not null' : form.op;
  return (
    <>
      <LookupSelect label="Database" value={form.database} onChange={(database) => set({ database })} load={loadDatabases} chosenLabel={databaseLabel} />
      <label className="field">
        <span className="field__label">SQL Query</span>
        <textarea className="textarea report-modal__sql" rows={5} spellCheck={false} value={form.sql} placeholder="The query's first value is compared with the threshold" onChange={(e) => set({ sql: e.target.value })} />
      </label>
      <div className="report-modal__row">
        <label className="field">
          <span className="field__label">Condition</span>
          <select
            className="select"
            aria-label="Condition"
            value={condition}
            onChange={(e) => (e.target.value === 'not null' ? set({ validatorType: 'not null' }) : set({ validatorType: 'operator', op: e.target.value }))}
          >
            <option value="not null">not null</option>
            {OPERATORS.map((op) => <option key={op} value={op}>{OPERATOR_LABELS[op]}</option>)}
          </select>
        </label>
        <label className="field">
          <span className="field__label">Threshold</span>
          <input className="input" type="number" step="any" value={form.threshold} disabled={form.validatorType === 'not null'} onChange={(e) => set({ threshold: e.target.value })} />
        </label>
      </div>
    </>
  );
}
