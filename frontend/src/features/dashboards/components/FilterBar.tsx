// The dashboard's filter bar (vertical and collapsible, or horizontal per filter_bar_orientation):
// native filters with their values (required ones marked, and "Value is required" while empty), dividers,
// the cross-filters charts emitted, "Apply filters" (held back by a missing required value) and
// "Clear all", and for editors the button that opens the filter configuration and the settings menu
// (cross-filters toggle, orientation).
import { useState } from 'react';
import { createPortal } from 'react-dom';
import { useSnapshot } from 'valtio';
import { isNativeFilter, missingRequiredValue, type FilterConfigItem } from '../../../../../shared/dashboard/filters/index';
import { dashboardStore } from '../state/dashboardStore';
import { applyFilters, clearAllFilters, clearCrossFilter } from '../actions/filterActions';
import { FilterControl } from './FilterControl';
import { currentValue } from './SelectFilter';
import { FilterConfigModal } from './FilterConfigModal';
import { FilterBarSettings } from './FilterBarSettings';

export function FilterBar() {
  const snap = useSnapshot(dashboardStore);
  const [open, setOpen] = useState(true);
  const [configuring, setConfiguring] = useState(false);
  const meta = snap.info?.metadata ?? {};
  const items = ((meta.native_filter_configuration as FilterConfigItem[] | undefined) ?? []) as FilterConfigItem[];
  const horizontal = meta.filter_bar_orientation === 'HORIZONTAL';
  const crossFiltersOn = meta.cross_filters_enabled !== false;
  const crossFilters = crossFiltersOn ? Object.entries(snap.dataMask).filter(([key, m]) => /^\d+$/.test(key) && m.extraFormData?.filters?.length) : [];
  const pending = Object.keys(snap.pendingFilterValues).length > 0;
  // Required filters without a value (staged or applied) hold "Apply filters" back, as in Superset.
  const missing = new Set(items.filter((f) => isNativeFilter(f) && missingRequiredValue(f, currentValue(f.id, snap))).map((f) => f.id));
  if (!open && !horizontal) {
    return (
      <aside className="filter-bar filter-bar--collapsed" aria-label="Filters">
        <button type="button" className="button" aria-expanded={false} onClick={() => setOpen(true)}>Filters ›</button>
      </aside>
    );
  }
  return (
    <aside className={`filter-bar filter-bar--${horizontal ? 'horizontal' : 'vertical'}`} aria-label="Filters">
      <div className="filter-bar__head">
        <h2 className="filter-bar__title">Filters</h2>
        {snap.info?.canEdit && (
          <>
            <button type="button" className="button filter-bar__add" onClick={() => setConfiguring(true)}>Add or edit filters</button>
            <FilterBarSettings />
          </>
        )}
        {!horizontal && <button type="button" className="button" aria-expanded onClick={() => setOpen(false)} aria-label="Collapse the filter bar">‹</button>}
      </div>
      {crossFilters.length > 0 && (
        <section aria-label="Cross-filters" className="filter-bar__cross">
          <h3>Cross-filters</h3>
          {crossFilters.map(([key, mask]) => (
            <p key={key} className="filter-bar__cross-item">
              <span>{`${snap.charts[Number(key)]?.sliceName ?? key}: ${String(mask.filterState?.label ?? '')}`}</span>
              <button type="button" aria-label={`Clear cross-filter of ${snap.charts[Number(key)]?.sliceName ?? key}`} onClick={() => clearCrossFilter(Number(key))}>✕</button>
            </p>
          ))}
        </section>
      )}
      <div className="filter-bar__filters">
        {items.map((item) =>
          isNativeFilter(item) ? (
            <fieldset key={item.id} className="filter-bar__filter">
              <legend>
                {item.name}
                {Boolean(item.controlValues?.enableEmptyFilter) && <span className="filter-bar__required"> (required)</span>}
              </legend>
              <FilterControl filter={item} />
              {missing.has(item.id) && <p className="filter-bar__error">Value is required</p>}
            </fieldset>
          ) : (
            <div key={item.id} className="filter-bar__divider" role="separator" aria-label={item.title}>
              <strong>{item.title}</strong>
              {item.description && <p>{item.description}</p>}
            </div>
          ),
        )}
        {items.length === 0 && <p className="filter-bar__empty">No filters are currently added to this dashboard.</p>}
      </div>
      <div className="filter-bar__actions">
        <button type="button" className="button button--primary" disabled={!pending || missing.size > 0} onClick={applyFilters}>Apply filters</button>
        <button type="button" className="button" onClick={clearAllFilters}>Clear all</button>
      </div>
      {/* In the page's body: the sticky bar is a stacking context the charts would paint over. */}
      {configuring && createPortal(<FilterConfigModal onClose={() => setConfiguring(false)} />, document.body)}
    </aside>
  );
}
