// The native filter configuration: add, edit, reorder (move up and down), duplicate, remove (with the
// 5-second undo), each filter's settings (FilterConfigForm), and the validation that jumps to the first
// filter with an error. Saved through the json_metadata PUT, with each filter's charts and tabs in scope.
import { useEffect, useMemo, useState } from 'react';
import { useSnapshot } from 'valtio';
import {
  NATIVE_FILTER_DIVIDER_PREFIX,
  NATIVE_FILTER_PREFIX,
  REMOVAL_UNDO_MS,
  chartsInScope,
  duplicateItem,
  finalizeRemovals,
  filterToShow,
  isNativeFilter,
  moveItem,
  removeWithUndo,
  tabsInScope,
  undoRemoval,
  validateFilters,
  type FilterConfigItem,
  type NativeFilter,
  type PendingRemoval,
} from '../../../../../shared/dashboard/filters/index';
import { Modal } from '../../../app/Modal';
import { announce } from '../../../app/announcer';
import { dashboardStore } from '../state/dashboardStore';
import { saveFilterConfiguration } from '../actions/filterActions';
import { makeId } from '../actions/ids';
import { FilterConfigForm } from './FilterConfigForm';

const newFilterId = () => `${NATIVE_FILTER_PREFIX}${makeId('CHART').slice(6)}`;
const newDividerId = () => `${NATIVE_FILTER_DIVIDER_PREFIX}${makeId('ROW').slice(4)}`;

const newFilter = (): NativeFilter => ({
  id: newFilterId(),
  type: 'NATIVE_FILTER',
  name: '',
  filterType: 'filter_select',
  targets: [{}],
  controlValues: { multiSelect: true, enableEmptyFilter: false, defaultToFirstItem: false, inverseSelection: false, searchAllOptions: false },
  defaultDataMask: { filterState: { value: null } },
  cascadeParentIds: [],
  scope: { rootPath: ['ROOT_ID'], excluded: [] },
});

export function FilterConfigModal({ onClose }: { onClose: () => void }) {
  const snap = useSnapshot(dashboardStore);
  const initial = ((snap.info?.metadata.native_filter_configuration as FilterConfigItem[] | undefined) ?? []) as FilterConfigItem[];
  const [items, setItems] = useState<FilterConfigItem[]>(() => JSON.parse(JSON.stringify(initial)));
  const [pending, setPending] = useState<PendingRemoval[]>([]);
  const [current, setCurrent] = useState<string | null>(items[0]?.id ?? null);
  const [showErrors, setShowErrors] = useState(false);
  const errors = useMemo(() => validateFilters(items.filter((i) => !pending.some((p) => p.id === i.id))), [items, pending]);

  useEffect(() => {
    if (!pending.length) return;
    const timer = setTimeout(() => {
      const done = finalizeRemovals(items, pending, Date.now());
      setItems(done.filters);
      setPending(done.pending);
    }, REMOVAL_UNDO_MS);
    return () => clearTimeout(timer);
  }, [pending, items]);

  const move = (id: string, delta: number, label: string) => {
    setItems((all) => moveItem(all, id, delta));
    announce(`${label} moved ${delta < 0 ? 'up' : 'down'}`);
  };
  const duplicate = (item: FilterConfigItem) => {
    const id = isNativeFilter(item) ? newFilterId() : newDividerId();
    setItems((all) => duplicateItem(all, item.id, id));
    setCurrent(id);
  };
  const update = (id: string, change: Partial<NativeFilter>) => setItems((all) => all.map((f) => (f.id === id ? ({ ...f, ...change } as FilterConfigItem) : f)));
  const selected = items.find((i) => i.id === current);
  const save = async () => {
    setShowErrors(true);
    if (Object.keys(errors).length) {
      setCurrent(filterToShow(errors, current, items.map((i) => i.id)));
      return;
    }
    const layout = dashboardStore.history.present;
    const final = finalizeRemovals(items, pending.map((p) => ({ ...p, at: 0 })), Date.now()).filters.map((f) =>
      isNativeFilter(f) ? { ...f, chartsInScope: chartsInScope(layout, f.scope), tabsInScope: tabsInScope(layout, f.scope) } : f,
    );
    if (await saveFilterConfiguration(final)) onClose();
  };

  return (
    <Modal title="Add and edit filters" onClose={onClose} onSubmit={() => void save()} wide>
      <div className="filter-config">
        <nav className="filter-config__list" aria-label="Filters and dividers">
          {items.map((item, index) => {
            const removed = pending.some((p) => p.id === item.id);
            const label = isNativeFilter(item) ? item.name || '[untitled]' : item.title || '[untitled divider]';
            return (
              <div key={item.id} className={`filter-config__item${item.id === current ? ' is-current' : ''}`}>
                {removed ? (
                  <button type="button" onClick={() => setPending(undoRemoval(pending, item.id))}>{`Restore ${label}`}</button>
                ) : (
                  <>
                    <button type="button" aria-current={item.id === current} onClick={() => setCurrent(item.id)}>{label}</button>
                    <span className="filter-config__item-actions">
                      <button type="button" aria-label={`Move ${label} up`} disabled={index === 0} onClick={() => move(item.id, -1, label)}>↑</button>
                      <button type="button" aria-label={`Move ${label} down`} disabled={index === items.length - 1} onClick={() => move(item.id, 1, label)}>↓</button>
                      <button type="button" aria-label={`Duplicate ${label}`} onClick={() => duplicate(item)}>❐</button>
                      <button type="button" aria-label={`Remove ${label}`} onClick={() => setPending(removeWithUndo(pending, item.id, Date.now()))}>✕</button>
                    </span>
                  </>
                )}
              </div>
            );
          })}
          <button type="button" className="button" onClick={() => { const f = newFilter(); setItems([...items, f]); setCurrent(f.id); }}>Add filter</button>
          <button
            type="button"
            className="button"
            onClick={() => {
              const d: FilterConfigItem = { id: newDividerId(), type: 'DIVIDER', title: '', description: '' };
              setItems([...items, d]);
              setCurrent(d.id);
            }}
          >
            Add divider
          </button>
        </nav>
        <div className="filter-config__form">
          {selected && isNativeFilter(selected) && (
            <FilterConfigForm key={selected.id} filter={selected} items={items} errors={errors} showErrors={showErrors} update={(change) => update(selected.id, change)} />
          )}
          {selected && !isNativeFilter(selected) && (
            <>
              <label className="field">Title<input className="input" value={selected.title} onChange={(e) => setItems(items.map((i) => (i.id === selected.id ? { ...i, title: e.target.value } : i)))} /></label>
              <label className="field">Description<textarea className="input" value={selected.description} onChange={(e) => setItems(items.map((i) => (i.id === selected.id ? { ...i, description: e.target.value } : i)))} /></label>
            </>
          )}
        </div>
      </div>
      <div className="modal__actions">
        <button type="button" className="button" onClick={onClose}>Cancel</button>
        <button type="submit" className="button button--primary" disabled={snap.filterSaveState === 'saving'}>Save</button>
      </div>
    </Modal>
  );
}
