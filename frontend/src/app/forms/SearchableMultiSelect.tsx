// A multi-select over many options (hundreds of permission pairs, every user): a combobox to type in,
// a listbox of the matching options (Arrow keys move, Enter or a click picks or drops one, Escape
// closes it), and the choices as chips, each with a "Remove <label>" button. Fixed choices (a built-in
// role's own pairs) show as chips without one and cannot be dropped.
import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import type { SelectOption } from '../list/types';
import { matchOptions, toggleValue } from './optionSearch';
import './multiSelect.css';

const SHOWN = 50;

interface Props {
  label: string;
  options: readonly SelectOption[];
  value: readonly (string | number)[];
  onChange: (values: (string | number)[]) => void;
  /** Shown in the list while the options load. */
  loading?: boolean;
  placeholder?: string;
  /** Chosen values that cannot be dropped, and what their chips say about it. */
  fixed?: ReadonlySet<string | number>;
  fixedNote?: string;
}

const NONE: ReadonlySet<string | number> = new Set();

export function SearchableMultiSelect({ label, options, value, onChange, loading = false, placeholder = 'Type to search', fixed = NONE, fixedNote = 'fixed' }: Props) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [query, setQuery] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const { shown, total } = useMemo(() => matchOptions(options, query, SHOWN), [options, query]);
  const byValue = useMemo(() => new Map(options.map((o) => [o.value, o])), [options]);
  const chosen = value.map((v) => byValue.get(v) ?? { value: v, label: String(v) });
  const at = Math.min(active, Math.max(shown.length - 1, 0));
  const optionId = (i: number) => `${id}-option-${i}`;
  // The option the arrow keys reach stays in sight in the scrolled list.
  useEffect(() => {
    if (open) document.getElementById(`${id}-option-${at}`)?.scrollIntoView?.({ block: 'nearest' });
  }, [open, at, id]);

  const pick = (v: string | number) => {
    if (!fixed.has(v)) onChange(toggleValue([...value], v));
  };
  const remove = (v: string | number) => {
    onChange(value.filter((x) => x !== v));
    input.current?.focus();
  };
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      if (!open) return setOpen(true);
      const step = e.key === 'ArrowDown' ? 1 : -1;
      setActive(Math.min(Math.max(at + step, 0), Math.max(shown.length - 1, 0)));
    } else if (e.key === 'Enter') {
      // Enter picks; it never submits the dialog around the field.
      e.preventDefault();
      if (open && shown[at]) pick(shown[at].value);
      else setOpen(true);
    } else if (e.key === 'Escape' && open) {
      e.preventDefault();
      setOpen(false);
    } else if (e.key === 'Backspace' && !query) {
      const last = [...value].reverse().find((v) => !fixed.has(v));
      if (last !== undefined) onChange(value.filter((v) => v !== last));
    }
  };

  return (
    <div className="field multi-select">
      <label className="field__label" htmlFor={`${id}-input`}>{label}</label>
      {chosen.length > 0 && (
        <ul className="multi-select__chips" aria-label={`Chosen ${label.toLowerCase()}`}>
          {chosen.map((o) => (
            <li key={String(o.value)} className="multi-select__chip">
              <span>{o.label}</span>
              {fixed.has(o.value) ? (
                <span className="multi-select__fixed">{`(${fixedNote})`}</span>
              ) : (
                <button type="button" className="multi-select__remove" aria-label={`Remove ${o.label}`} onClick={() => remove(o.value)}>
                  <span aria-hidden="true">✕</span>
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
      <input
        ref={input}
        id={`${id}-input`}
        className="input"
        role="combobox"
        aria-label={label}
        aria-expanded={open}
        aria-controls={`${id}-list`}
        aria-autocomplete="list"
        aria-activedescendant={open && shown.length ? optionId(at) : undefined}
        autoComplete="off"
        placeholder={placeholder}
        value={query}
        onChange={(e) => {
          setQuery(e.target.value);
          setActive(0);
          setOpen(true);
        }}
        onKeyDown={onKeyDown}
        onClick={() => setOpen(true)}
        onBlur={() => setOpen(false)}
      />
      {open && (
        <ul className="multi-select__list" id={`${id}-list`} role="listbox" aria-label={label} aria-multiselectable="true">
          {shown.map((o, i) => (
            <li
              key={String(o.value)}
              id={optionId(i)}
              role="option"
              aria-selected={value.includes(o.value)}
              aria-disabled={fixed.has(o.value) || undefined}
              className={`multi-select__option${i === at ? ' multi-select__option--active' : ''}`}
              // Keeps focus in the combobox, so the list stays open for the next pick.
              onMouseDown={(e) => e.preventDefault()}
              onClick={() => pick(o.value)}
            >
              <span aria-hidden="true" className="multi-select__check">{value.includes(o.value) ? '✓' : ''}</span>
              {o.label}
            </li>
          ))}
          {!shown.length && <li className="multi-select__note" role="presentation">{loading ? 'Loading…' : 'No matches'}</li>}
          {total > shown.length && <li className="multi-select__note" role="presentation">{`${total - shown.length} more: type to narrow the list`}</li>}
        </ul>
      )}
    </div>
  );
}
