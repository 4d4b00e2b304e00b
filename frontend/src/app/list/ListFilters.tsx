// The filter bar: a search box, selects (options fixed or loaded once) and time ranges, each labelled.
import { useEffect, useState } from 'react';
import type { FilterValue, ListFilter, SelectFilter, SelectOption } from './types';

function useOptions(filter: SelectFilter): SelectOption[] {
  const [options, setOptions] = useState<SelectOption[]>(Array.isArray(filter.options) ? filter.options : []);
  useEffect(() => {
    if (Array.isArray(filter.options)) return;
    let live = true;
    filter.options().then((o) => live && setOptions(o), () => undefined);
    return () => {
      live = false;
    };
  }, [filter]);
  return options;
}

function SelectControl({ filter, value, onChange }: { filter: SelectFilter; value: FilterValue | undefined; onChange: (v: FilterValue) => void }) {
  const options = useOptions(filter);
  return (
    <label className="list-filters__field">
      <span className="list-filters__label">{filter.label}</span>
      <select
        className="input"
        aria-label={filter.label}
        value={value === undefined ? '' : String(value)}
        onChange={(e) => {
          const picked = options.find((o) => String(o.value) === e.target.value);
          onChange(picked ? picked.value : '');
        }}
      >
        <option value="">All</option>
        {options.map((o) => (
          <option key={String(o.value)} value={String(o.value)}>
            {o.label}
          </option>
        ))}
      </select>
    </label>
  );
}

export function ListFilters({
  filters,
  values,
  onChange,
}: {
  filters: ListFilter[];
  values: Record<string, FilterValue>;
  onChange: (id: string, value: FilterValue) => void;
}) {
  if (!filters.length) return null;
  return (
    <div className="list-filters" role="search">
      {filters.map((f) => {
        const value = values[f.id];
        if (f.kind === 'search') {
          return (
            <label key={f.id} className="list-filters__field list-filters__field--search">
              <span className="list-filters__label">{f.label}</span>
              <input
                className="input"
                type="search"
                aria-label={f.label}
                placeholder={f.placeholder}
                value={typeof value === 'string' ? value : ''}
                onChange={(e) => onChange(f.id, e.target.value)}
              />
            </label>
          );
        }
        if (f.kind === 'select') return <SelectControl key={f.id} filter={f} value={value} onChange={(v) => onChange(f.id, v)} />;
        const [from, to] = Array.isArray(value) ? value : ['', ''];
        return (
          <fieldset key={f.id} className="list-filters__field list-filters__range">
            <legend className="list-filters__label">{f.label}</legend>
            <input className="input" type="datetime-local" aria-label={`${f.label} from`} value={from} onChange={(e) => onChange(f.id, [e.target.value, to])} />
            <input className="input" type="datetime-local" aria-label={`${f.label} to`} value={to} onChange={(e) => onChange(f.id, [from, e.target.value])} />
          </fieldset>
        );
      })}
    </div>
  );
}
