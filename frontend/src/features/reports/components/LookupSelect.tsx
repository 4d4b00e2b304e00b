// A select whose options come from a list route, with a search box that asks the server again (for
// lists longer than one page). The chosen option stays listed while the search changes.
import { useEffect, useState } from 'react';
import type { Option } from '../state/reportLookups';

interface Props {
  label: string;
  value: number | null;
  onChange: (value: number | null) => void;
  load: (search: string) => Promise<Option[]>;
  /** The chosen option's label when it is not among the loaded ones (an edited report's chart). */
  chosenLabel?: string;
  error?: string;
}

export function LookupSelect({ label, value, onChange, load, chosenLabel, error }: Props) {
  const [search, setSearch] = useState('');
  const [options, setOptions] = useState<Option[] | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let live = true;
    const timer = setTimeout(() => {
      load(search).then(
        (found) => live && (setOptions(found), setFailed(false)),
        () => live && setFailed(true),
      );
    }, search ? 250 : 0);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [search, load]);
  const listed = options ?? [];
  const withChosen = value !== null && !listed.some((o) => o.value === value) ? [{ value, label: chosenLabel ?? `#${value}` }, ...listed] : listed;
  return (
    <div className="report-lookup">
      <label className="field">
        <span className="field__label">{label}</span>
        <select className="select" aria-label={label} value={value ?? ''} aria-invalid={Boolean(error)} onChange={(e) => onChange(e.target.value ? Number(e.target.value) : null)}>
          <option value="">{options === null ? 'Loading…' : `Select ${label.toLowerCase()}`}</option>
          {withChosen.map((o) => <option key={o.value} value={o.value}>{o.label}</option>)}
        </select>
      </label>
      <input className="input input--small" type="search" aria-label={`Search ${label.toLowerCase()}`} placeholder="Search" value={search} onChange={(e) => setSearch(e.target.value)} />
      {failed && <span className="report-field-error">{`${label} could not be loaded.`}</span>}
    </div>
  );
}
