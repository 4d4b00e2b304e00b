// The time range picker: the spec's range forms (No filter, Last ..., previous calendar ..., advanced
// 'start : end' with dates or expressions), typed or picked from the common ones.
import type { ControlProps } from './types';

const COMMON = ['No filter', 'Last day', 'Last week', 'Last month', 'Last quarter', 'Last year', 'previous calendar week', 'previous calendar month', 'previous calendar year', 'Current day', 'Current week', 'Current month', 'Current year'];

export function DateFilterControl({ ctl, value, onChange, errorId }: ControlProps) {
  const text = String(value ?? 'No filter');
  const listId = `ranges-${ctl.name}`;
  return (
    <>
      <input className="input" list={listId} aria-label={ctl.label} aria-describedby={errorId} value={text} placeholder="Last week, or 2024-01-01 : 2024-02-01" onChange={(e) => onChange(e.target.value)} />
      <datalist id={listId}>
        {COMMON.map((r) => (
          <option key={r} value={r} />
        ))}
      </datalist>
    </>
  );
}
