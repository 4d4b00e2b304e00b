// The value filter's control: the column's values from the chart data API, 100 at a time with the
// next page loaded at 70% of the scroll; search; "Select all" (multi); pasted lists split on comma,
// newline, semicolon or tab; a typed value not in the list can be chosen unless the filter forbids
// it; "Select first filter value by default" applies the first value when nothing is chosen.
import { useEffect, useRef, useState } from 'react';
import { useSnapshot } from 'valtio';
import { SELECT_PAGE_SIZE, shouldLoadNextPage, splitPasted, visibleTags, type NativeFilter } from '../../../../../shared/dashboard/filters/index';
import { dashboardStore } from '../state/dashboardStore';
import { applyFilterValue, stageFilterValue } from '../actions/filterActions';
import { loadFilterValues } from './filterValues';

export function currentValue(id: string, snap: { pendingFilterValues: Record<string, unknown>; dataMask: Record<string, { filterState?: { value?: unknown } }> }) {
  return id in snap.pendingFilterValues ? snap.pendingFilterValues[id] : snap.dataMask[id]?.filterState?.value;
}

export function SelectFilter({ filter }: { filter: NativeFilter }) {
  const snap = useSnapshot(dashboardStore);
  const [search, setSearch] = useState('');
  const [options, setOptions] = useState<unknown[]>([]);
  const [page, setPage] = useState({ index: 0, more: false, loading: false });
  const [error, setError] = useState<string | null>(null);
  const live = useRef(0);
  const selected = ((currentValue(filter.id, snap) as unknown[] | null) ?? []).map(String);
  // Parents' selections, staged or applied: the values reload as soon as a parent's selection changes.
  const parentsKey = JSON.stringify(filter.cascadeParentIds.map((p) => currentValue(p, snap) ?? null));
  const multi = filter.controlValues?.multiSelect !== false;
  const creatable = filter.controlValues?.creatable !== false;

  const load = (index: number, replace: boolean) => {
    const run = ++live.current;
    setPage((p) => ({ ...p, loading: true }));
    loadFilterValues(filter, search, index).then(
      (values) => {
        if (run !== live.current) return;
        setOptions((prev) => (replace ? values : [...prev, ...values]));
        setPage({ index, more: values.length >= SELECT_PAGE_SIZE, loading: false });
        setError(null);
        // The first value by default, once, when the user has chosen nothing.
        const chosen = dashboardStore.dataMask[filter.id]?.filterState?.value;
        if (replace && filter.controlValues?.defaultToFirstItem && values.length && (chosen === undefined || chosen === null || (Array.isArray(chosen) && !chosen.length))) {
          applyFilterValue(filter.id, [values[0]]);
        }
      },
      (e) => run === live.current && (setError(e instanceof Error ? e.message : String(e)), setPage((p) => ({ ...p, loading: false }))),
    );
  };
  useEffect(() => {
    load(0, true);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [filter, search, parentsKey]);

  const choose = (values: string[]) => stageFilterValue(filter.id, values);
  const toggle = (value: string) => choose(selected.includes(value) ? selected.filter((v) => v !== value) : multi ? [...selected, value] : [value]);
  const typed = search.trim();
  const canCreate = creatable && typed !== '' && !options.some((o) => String(o) === typed);
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
            choose(multi ? [...new Set([...selected, ...values])] : values.slice(0, 1));
          }
        }}
      />
      {multi && options.length > 0 && (
        <button type="button" className="button button--ghost button--small" onClick={() => choose([...new Set([...selected, ...options.map(String)])])}>
          {`Select all (${options.length})`}
        </button>
      )}
      {canCreate && (
        <button type="button" className="button button--ghost button--small" onClick={() => (toggle(typed), setSearch(''))}>
          {`Add "${typed}"`}
        </button>
      )}
      {error && <p role="alert" className="field__error">{error}</p>}
      <ul
        className="filter-select__options"
        aria-label={`${filter.name} values`}
        aria-busy={page.loading}
        onScroll={(e) => {
          const el = e.currentTarget;
          if (page.more && !page.loading && shouldLoadNextPage(el.scrollTop, el.clientHeight, el.scrollHeight)) load(page.index + 1, false);
        }}
      >
        {[...new Set(options.map(String))].map((value) => (
          <li key={value}>
            <label>
              <input type={multi ? 'checkbox' : 'radio'} name={filter.id} checked={selected.includes(value)} onChange={() => toggle(value)} /> {value}
            </label>
          </li>
        ))}
      </ul>
    </div>
  );
}
