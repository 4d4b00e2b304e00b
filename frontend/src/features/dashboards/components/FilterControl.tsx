// One native filter in the bar: a searchable multi-select of the column's values (paged, paste
// splits), a numerical range, a time range, or a time column / grain choice.
import { useEffect, useState } from 'react';
import { useSnapshot } from 'valtio';
import { splitPasted, visibleTags, type NativeFilter } from '../../../../../shared/dashboard/filters/index';
import { dashboardStore } from '../state/dashboardStore';
import { stageFilterValue } from '../actions/filterActions';
import { loadFilterValues } from './filterValues';

const GRAINS = ['PT1M', 'PT1H', 'P1D', 'P1W', 'P1M', 'P3M', 'P1Y'];

function currentValue(id: string, snap: { pendingFilterValues: Record<string, unknown>; dataMask: Record<string, { filterState?: { value?: unknown } }> }) {
  return id in snap.pendingFilterValues ? snap.pendingFilterValues[id] : snap.dataMask[id]?.filterState?.value;
}

function SelectFilter({ filter }: { filter: NativeFilter }) {
  const snap = useSnapshot(dashboardStore);
  const [search, setSearch] = useState('');
  const [options, setOptions] = useState<unknown[]>([]);
  const [error, setError] = useState<string | null>(null);
  const selected = ((currentValue(filter.id, snap) as unknown[] | null) ?? []).map(String);
  const parentsKey = JSON.stringify(filter.cascadeParentIds.map((p) => snap.dataMask[p]?.extraFormData ?? null));
  useEffect(() => {
    let live = true;
    loadFilterValues(filter, search, 0).then(
      (values) => live && (setOptions(values), setError(null)),
      (e) => live && setError(e instanceof Error ? e.message : String(e)),
    );
    return () => {
      live = false;
    };
  }, [filter, search, parentsKey]);
  const multi = filter.controlValues?.multiSelect !== false;
  const toggle = (value: string) => {
    const next = selected.includes(value) ? selected.filter((v) => v !== value) : multi ? [...selected, value] : [value];
    stageFilterValue(filter.id, next);
  };
  const { tags, more } = visibleTags(selected);
  return (
    <div className="filter-select">
      {tags.length > 0 && <p className="filter-select__tags" aria-label={`${filter.name} selection`}>{tags.join(' · ')}{more ? ` + ${more} ...` : ''}</p>}
      <input
        type="search"
        className="input"
        aria-label={`Search ${filter.name}`}
        placeholder="Search"
        value={search}
        onChange={(e) => setSearch(e.target.value)}
        onPaste={(e) => {
          const values = splitPasted(e.clipboardData.getData('text'));
          if (values.length > 1) {
            e.preventDefault();
            stageFilterValue(filter.id, multi ? [...new Set([...selected, ...values])] : values.slice(0, 1));
          }
        }}
      />
      {error && <p role="alert" className="field__error">{error}</p>}
      <ul className="filter-select__options" aria-label={`${filter.name} values`}>
        {options.map((o) => {
          const value = String(o);
          return (
            <li key={value}>
              <label>
                <input type={multi ? 'checkbox' : 'radio'} name={filter.id} checked={selected.includes(value)} onChange={() => toggle(value)} /> {value}
              </label>
            </li>
          );
        })}
      </ul>
    </div>
  );
}

function RangeFilter({ filter }: { filter: NativeFilter }) {
  const snap = useSnapshot(dashboardStore);
  const [min, max] = ((currentValue(filter.id, snap) as [number | null, number | null] | null) ?? [null, null]) as [number | null, number | null];
  const set = (i: 0 | 1, text: string) => {
    const next: [number | null, number | null] = [min, max];
    next[i] = text === '' ? null : Number(text);
    stageFilterValue(filter.id, next[0] === null && next[1] === null ? null : next);
  };
  return (
    <div className="filter-range">
      <label>Min <input type="number" className="input" aria-label={`${filter.name} minimum`} value={min ?? ''} onChange={(e) => set(0, e.target.value)} /></label>
      <label>Max <input type="number" className="input" aria-label={`${filter.name} maximum`} value={max ?? ''} onChange={(e) => set(1, e.target.value)} /></label>
    </div>
  );
}

export function FilterControl({ filter }: { filter: NativeFilter }) {
  const snap = useSnapshot(dashboardStore);
  const value = currentValue(filter.id, snap);
  switch (filter.filterType) {
    case 'filter_select':
      return <SelectFilter filter={filter} />;
    case 'filter_range':
      return <RangeFilter filter={filter} />;
    case 'filter_time':
      return <input className="input" aria-label={`${filter.name} time range`} placeholder="No filter" value={String(value ?? '')} onChange={(e) => stageFilterValue(filter.id, e.target.value || null)} />;
    case 'filter_timegrain':
      return (
        <select className="input" aria-label={`${filter.name} time grain`} value={String(value ?? '')} onChange={(e) => stageFilterValue(filter.id, e.target.value || null)}>
          <option value="">Original value</option>
          {GRAINS.map((g) => <option key={g} value={g}>{g}</option>)}
        </select>
      );
    default:
      return <input className="input" aria-label={`${filter.name} time column`} value={String(value ?? '')} onChange={(e) => stageFilterValue(filter.id, e.target.value || null)} />;
  }
}
