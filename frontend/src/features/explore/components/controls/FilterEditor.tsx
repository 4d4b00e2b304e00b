// The adhoc filter popover: SIMPLE (column, any operator, value; a time range picker for
// TEMPORAL_RANGE, the same picker the time range control and dashboard filters use) or custom SQL
// (WHERE / HAVING).
import { useRef, useState } from 'react';
import { useDialogFocus } from '../../../../app/useDialogFocus';
import { FILTER_OPERATORS, MULTI_VALUE_OPERATORS, NO_VALUE_OPERATORS, type FilterOperator } from '../../../../../../shared/schemas/chartData';
import type { DatasourceMeta } from '../../../../../../shared/viz/types';
import { actualTimeRange } from './actualTimeRange';
import { TimeRangePicker } from './TimeRangePicker';

export interface AdhocFilterValue {
  expressionType: 'SIMPLE' | 'SQL';
  clause: 'WHERE' | 'HAVING';
  subject?: string | null;
  operator?: string | null;
  comparator?: unknown;
  sqlExpression?: string | null;
  filterOptionName?: string;
}

const splitValues = (text: string) => text.split(',').map((v) => v.trim()).filter(Boolean);

export function FilterEditor({ datasource, initial, onSave, onCancel }: { datasource: DatasourceMeta | null; initial: Partial<AdhocFilterValue>; onSave: (f: AdhocFilterValue) => void; onCancel: () => void }) {
  const [tab, setTab] = useState<'SIMPLE' | 'SQL'>(initial.expressionType ?? 'SIMPLE');
  const [subject, setSubject] = useState(String(initial.subject ?? ''));
  const [operator, setOperator] = useState<string>(initial.operator ?? '==');
  const [comparator, setComparator] = useState(Array.isArray(initial.comparator) ? initial.comparator.join(', ') : String(initial.comparator ?? ''));
  const [clause, setClause] = useState<'WHERE' | 'HAVING'>(initial.clause ?? 'WHERE');
  const [sql, setSql] = useState(initial.sqlExpression ?? '');
  const needsValue = !NO_VALUE_OPERATORS.includes(operator as FilterOperator);
  const temporal = operator === 'TEMPORAL_RANGE';
  // A time range the grammar cannot read would only fail at the server: it is refused here.
  const rangeError = temporal ? actualTimeRange(comparator || 'No filter').error : null;
  const canSave = tab === 'SQL' ? Boolean(sql.trim()) : Boolean(subject && operator && (!needsValue || comparator.trim()) && !rangeError);
  const name = initial.filterOptionName ?? `filter_${Math.random().toString(36).slice(2, 10)}`;
  const save = () => {
    if (tab === 'SQL') return onSave({ expressionType: 'SQL', clause, sqlExpression: sql.trim(), subject: null, operator: null, comparator: null, filterOptionName: name });
    const multi = MULTI_VALUE_OPERATORS.includes(operator as FilterOperator);
    const raw = multi ? splitValues(comparator) : comparator.trim();
    onSave({ expressionType: 'SIMPLE', clause: 'WHERE', subject, operator, comparator: needsValue ? raw : null, sqlExpression: null, filterOptionName: name });
  };
  const dialog = useRef<HTMLDivElement>(null);
  useDialogFocus(dialog, onCancel);
  return (
    <div ref={dialog} className="popover" role="dialog" aria-label="Edit filter">
      <div role="tablist" aria-label="Filter type" className="popover__tabs">
        <button type="button" role="tab" aria-selected={tab === 'SIMPLE'} className={tab === 'SIMPLE' ? 'is-active' : ''} onClick={() => setTab('SIMPLE')}>
          Simple
        </button>
        <button type="button" role="tab" aria-selected={tab === 'SQL'} className={tab === 'SQL' ? 'is-active' : ''} onClick={() => setTab('SQL')}>
          Custom SQL
        </button>
      </div>
      {tab === 'SIMPLE' ? (
        <>
          <select className="input" aria-label="Filter column" value={subject} onChange={(e) => setSubject(e.target.value)}>
            <option value="">Select column</option>
            {(datasource?.columns ?? []).map((c) => (
              <option key={c.column_name} value={c.column_name}>
                {c.column_name}
              </option>
            ))}
          </select>
          <select className="input" aria-label="Filter operator" value={operator} onChange={(e) => setOperator(e.target.value)}>
            {FILTER_OPERATORS.map((op) => (
              <option key={op} value={op}>
                {op}
              </option>
            ))}
          </select>
          {temporal && <TimeRangePicker label="Time range" value={comparator} column={subject} onChange={setComparator} />}
          {needsValue && !temporal && <input className="input" aria-label="Filter value" placeholder="Value (comma separated for IN)" value={comparator} onChange={(e) => setComparator(e.target.value)} />}
        </>
      ) : (
        <>
          <select className="input" aria-label="Filter clause" value={clause} onChange={(e) => setClause(e.target.value as 'WHERE' | 'HAVING')}>
            <option value="WHERE">WHERE</option>
            <option value="HAVING">HAVING</option>
          </select>
          <textarea className="input" aria-label="Custom SQL filter" rows={3} value={sql} onChange={(e) => setSql(e.target.value)} />
        </>
      )}
      <div className="popover__actions">
        <button type="button" className="button button--ghost" onClick={onCancel}>
          Close
        </button>
        <button type="button" className="button button--primary" disabled={!canSave} onClick={save}>
          Save
        </button>
      </div>
    </div>
  );
}
