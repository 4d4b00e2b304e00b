// A time range typed as 'start : end' (or a common range picked), with the actual range it stands for (or why
// it cannot be read) under it: the Advanced form of the time range picker (TimeRangePicker.tsx).
import { useId } from 'react';
import { actualTimeRange, COMMON_TIME_RANGES } from './actualTimeRange';

export function TimeRangeInput({ value, column, label, onChange, describedBy }: { value: string; column?: string; label: string; onChange: (value: string) => void; describedBy?: string }) {
  const id = useId();
  const actual = actualTimeRange(value || 'No filter', column || 'col');
  return (
    <>
      <input className="input" list={`${id}-ranges`} aria-label={label} aria-describedby={[`${id}-actual`, describedBy].filter(Boolean).join(' ')} aria-invalid={Boolean(actual.error)} value={value} placeholder="Last week, or 2024-01-01 : 2024-02-01" onChange={(e) => onChange(e.target.value)} />
      <datalist id={`${id}-ranges`}>
        {COMMON_TIME_RANGES.map((r) => (
          <option key={r} value={r} />
        ))}
      </datalist>
      <p id={`${id}-actual`} className={actual.error ? 'time-range__error' : 'time-range__actual'} aria-live="polite">
        {actual.error ?? `Actual time range: ${actual.text}`}
      </p>
    </>
  );
}
