// The time range picker (Superset's DateFilterControl): a button showing the chosen range, opening a
// panel with the range types (Last, Previous, Current, Custom dates, Advanced 'start : end'
// expressions, No filter), the actual range it stands for, and Cancel / Apply. Explore's time range
// control, the dashboard's time range filter and the filter configuration use this one component.
import { useEffect, useId, useRef, useState } from 'react';
import { actualTimeRange } from './actualTimeRange';
import './timeRangePicker.css';
import { TimeRangeInput } from './TimeRangeInput';
import { COMMON_RANGES, RANGE_TYPES, customParts, customRange, firstValueOf, rangeTypeOf, timeRangeLabel, type RangeType } from './timeRangeTypes';

interface Props {
  value: string | null | undefined;
  /** The control's name; the button's accessible name is the range shown, then this. */
  label: string;
  column?: string;
  onChange: (value: string) => void;
  describedBy?: string;
}

export function TimeRangePicker({ value, label, column, onChange, describedBy }: Props) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const [draft, setDraft] = useState(timeRangeLabel(value));
  const [type, setType] = useState<RangeType>(rangeTypeOf(value));
  const button = useRef<HTMLButtonElement>(null);
  const shown = timeRangeLabel(value);
  const close = () => {
    setOpen(false);
    button.current?.focus();
  };
  const toggle = () => {
    if (!open) {
      setDraft(shown);
      setType(rangeTypeOf(shown));
    }
    setOpen(!open);
  };
  // Escape closes the panel only: caught on the window, before a dialog around it sees the key.
  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      e.stopPropagation();
      close();
    };
    window.addEventListener('keydown', onKey, true);
    return () => window.removeEventListener('keydown', onKey, true);
  }, [open]);
  const actual = actualTimeRange(draft || 'No filter', column || 'col');
  const custom = customParts(draft) ?? { start: '', end: '' };
  return (
    <div className="time-range-picker">
      <button ref={button} type="button" className="input time-range-picker__button" aria-label={`${shown}, ${label}`} aria-expanded={open} aria-controls={open ? `${id}-panel` : undefined} aria-describedby={describedBy} onClick={toggle}>
        {shown}
      </button>
      {open && (
        <div id={`${id}-panel`} className="popover time-range-picker__panel" role="group" aria-label={`Edit ${label}`}>
          <label className="field">
            Range type
            <select
              className="input"
              value={type}
              onChange={(e) => {
                const next = e.target.value as RangeType;
                setType(next);
                setDraft(firstValueOf(next, draft));
              }}
            >
              {RANGE_TYPES.map((t) => <option key={t} value={t}>{t}</option>)}
            </select>
          </label>
          {(type === 'Last' || type === 'Previous' || type === 'Current') && (
            <fieldset className="time-range-picker__choices">
              <legend>{`Configure ${type.toLowerCase()} time range`}</legend>
              {COMMON_RANGES[type].map((r) => (
                <label key={r} className="field-check">
                  <input type="radio" name={`${id}-choice`} checked={draft.toLowerCase() === r.toLowerCase()} onChange={() => setDraft(r)} />
                  {r}
                </label>
              ))}
            </fieldset>
          )}
          {type === 'Custom' && (
            <div className="time-range-picker__dates">
              <label className="field">Start date<input type="date" className="input" value={custom.start} onChange={(e) => setDraft(customRange(e.target.value, custom.end))} /></label>
              <label className="field">End date<input type="date" className="input" value={custom.end} onChange={(e) => setDraft(customRange(custom.start, e.target.value))} /></label>
            </div>
          )}
          {type === 'Advanced' ? (
            <TimeRangeInput label="Time range" value={draft} column={column} onChange={setDraft} />
          ) : (
            <p className={actual.error ? 'time-range__error' : 'time-range__actual'} aria-live="polite">{actual.error ?? `Actual time range: ${actual.text}`}</p>
          )}
          <div className="popover__actions">
            <button type="button" className="button button--ghost" onClick={close}>Cancel</button>
            <button type="button" className="button button--primary" disabled={Boolean(actual.error) || (type === 'Advanced' && !draft.trim())} onClick={() => (onChange(draft.trim() ? draft : 'No filter'), close())}>
              Apply
            </button>
          </div>
        </div>
      )}
    </div>
  );
}
