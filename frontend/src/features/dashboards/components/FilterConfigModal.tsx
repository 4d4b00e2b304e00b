// The native filter configuration: add, edit, reorder-free list, remove (with the 5-second undo),
// dataset and column targets, multiple choice, default value, parent filter (cascade), and the
// validation that jumps to the first filter with an error. Saved through the json_metadata PUT.
import { useEffect, useMemo, useState } from 'react';
import { useSnapshot } from 'valtio';
import {
  NATIVE_FILTER_DIVIDER_PREFIX,
  NATIVE_FILTER_PREFIX,
  REMOVAL_UNDO_MS,
  finalizeRemovals,
  filterToShow,
  isNativeFilter,
  removeWithUndo,
  splitPasted,
  undoRemoval,
  validateFilters,
  type FilterConfigItem,
  type FilterType,
  type NativeFilter,
  type PendingRemoval,
} from '../../../../../shared/dashboard/filters/index';
import { Modal } from '../../../app/Modal';
import { dashboardStore } from '../state/dashboardStore';
import { saveFilterConfiguration } from '../actions/filterActions';
import { makeId } from '../actions/ids';

/** The value filter's options (Superset's controlValues), with their defaults. */
const SELECT_OPTIONS: [key: string, label: string, fallback: boolean][] = [
  ['multiSelect', 'Can select multiple values', true],
  ['enableEmptyFilter', 'Filter value is required', false],
  ['defaultToFirstItem', 'Select first filter value by default', false],
  ['inverseSelection', 'Inverse selection', false],
  ['creatable', 'Allow values that are not in the list', true],
];

const TYPES: [FilterType, string][] = [
  ['filter_select', 'Value'],
  ['filter_range', 'Numerical range'],
  ['filter_time', 'Time range'],
  ['filter_timecolumn', 'Time column'],
  ['filter_timegrain', 'Time grain'],
];

const newFilter = (): NativeFilter => ({
  id: `${NATIVE_FILTER_PREFIX}${makeId('CHART').slice(6)}`,
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
  const datasets = Object.entries(snap.datasources).map(([uid, ds]) => ({ id: Number(uid.split('__')[0]), name: String((ds as { table_name?: string }).table_name ?? uid), columns: (ds.columns ?? []).map((c) => c.column_name) }));

  useEffect(() => {
    if (!pending.length) return;
    const timer = setTimeout(() => {
      const done = finalizeRemovals(items, pending, Date.now());
      setItems(done.filters);
      setPending(done.pending);
    }, REMOVAL_UNDO_MS);
    return () => clearTimeout(timer);
  }, [pending, items]);

  const update = (id: string, change: Partial<NativeFilter>) => setItems((all) => all.map((f) => (f.id === id ? ({ ...f, ...change } as FilterConfigItem) : f)));
  const selected = items.find((i) => i.id === current);
  const save = async () => {
    setShowErrors(true);
    if (Object.keys(errors).length) {
      setCurrent(filterToShow(errors, current, items.map((i) => i.id)));
      return;
    }
    const final = finalizeRemovals(items, pending.map((p) => ({ ...p, at: 0 })), Date.now()).filters;
    if (await saveFilterConfiguration(final)) onClose();
  };

  return (
    <Modal title="Add and edit filters" onClose={onClose} onSubmit={() => void save()} wide>
      <div className="filter-config">
        <nav className="filter-config__list" aria-label="Filters and dividers">
          {items.map((item) => {
            const removed = pending.some((p) => p.id === item.id);
            const label = isNativeFilter(item) ? item.name || '[untitled]' : item.title || '[untitled divider]';
            return (
              <div key={item.id} className={`filter-config__item${item.id === current ? ' is-current' : ''}`}>
                {removed ? (
                  <button type="button" onClick={() => setPending(undoRemoval(pending, item.id))}>{`Restore ${label}`}</button>
                ) : (
                  <>
                    <button type="button" aria-current={item.id === current} onClick={() => setCurrent(item.id)}>{label}</button>
                    <button type="button" aria-label={`Remove ${label}`} onClick={() => setPending(removeWithUndo(pending, item.id, Date.now()))}>✕</button>
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
              const d: FilterConfigItem = { id: `${NATIVE_FILTER_DIVIDER_PREFIX}${makeId('ROW').slice(4)}`, type: 'DIVIDER', title: '', description: '' };
              setItems([...items, d]);
              setCurrent(d.id);
            }}
          >
            Add divider
          </button>
        </nav>
        <div className="filter-config__form">
          {selected && isNativeFilter(selected) && (
            <>
              <label className="field">Filter name<input className="input" aria-label="Filter name" value={selected.name} onChange={(e) => update(selected.id, { name: e.target.value })} /></label>
              {showErrors && errors[selected.id]?.name && <p role="alert" className="field__error">{errors[selected.id].name}</p>}
              <label className="field">
                Filter type
                <select className="input" aria-label="Filter type" value={selected.filterType} onChange={(e) => update(selected.id, { filterType: e.target.value as FilterType })}>
                  {TYPES.map(([t, l]) => <option key={t} value={t}>{l}</option>)}
                </select>
              </label>
              <label className="field">
                Dataset
                <select className="input" aria-label="Dataset" value={selected.targets[0]?.datasetId ?? ''} onChange={(e) => update(selected.id, { targets: [{ datasetId: Number(e.target.value) || undefined }] })}>
                  <option value="">Select a dataset</option>
                  {datasets.map((d) => <option key={d.id} value={d.id}>{d.name}</option>)}
                </select>
              </label>
              {showErrors && errors[selected.id]?.dataset && <p role="alert" className="field__error">{errors[selected.id].dataset}</p>}
              <label className="field">
                Column
                <select
                  className="input"
                  aria-label="Column"
                  value={selected.targets[0]?.column?.name ?? ''}
                  onChange={(e) => update(selected.id, { targets: [{ datasetId: selected.targets[0]?.datasetId, column: e.target.value ? { name: e.target.value } : undefined }] })}
                >
                  <option value="">Select a column</option>
                  {(datasets.find((d) => d.id === selected.targets[0]?.datasetId)?.columns ?? []).map((c) => <option key={c} value={c}>{c}</option>)}
                </select>
              </label>
              {showErrors && errors[selected.id]?.column && <p role="alert" className="field__error">{errors[selected.id].column}</p>}
              {selected.filterType === 'filter_select' &&
                SELECT_OPTIONS.map(([key, label, fallback]) => (
                  <label key={key} className="field-check">
                    <input type="checkbox" checked={selected.controlValues[key] === undefined ? fallback : selected.controlValues[key] === true} onChange={(e) => update(selected.id, { controlValues: { ...selected.controlValues, [key]: e.target.checked } })} />
                    {label}
                  </label>
                ))}
              <label className="field">
                Default value
                <input
                  className="input"
                  aria-label="Default value"
                  defaultValue={defaultText(selected)}
                  onBlur={(e) => update(selected.id, { defaultDataMask: { filterState: { value: parseDefault(selected.filterType, e.target.value) } } })}
                />
              </label>
              <label className="field">
                Parent filter
                <select className="input" aria-label="Parent filter" value={selected.cascadeParentIds[0] ?? ''} onChange={(e) => update(selected.id, { cascadeParentIds: e.target.value ? [e.target.value] : [] })}>
                  <option value="">None</option>
                  {items.filter(isNativeFilter).filter((f) => f.id !== selected.id).map((f) => <option key={f.id} value={f.id}>{f.name || f.id}</option>)}
                </select>
              </label>
              {showErrors && errors[selected.id]?.parentFilter && <p role="alert" className="field__error">{errors[selected.id].parentFilter}</p>}
            </>
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

function defaultText(f: NativeFilter): string {
  const v = (f.defaultDataMask.filterState as { value?: unknown } | undefined)?.value;
  return Array.isArray(v) ? v.join(', ') : v === null || v === undefined ? '' : String(v);
}

function parseDefault(type: FilterType, text: string): unknown {
  if (!text.trim()) return null;
  if (type === 'filter_select') return splitPasted(text);
  if (type === 'filter_range') {
    const [min, max] = text.split(/[,;]/).map((s) => (s.trim() === '' ? null : Number(s)));
    return [min ?? null, max ?? null];
  }
  return text.trim();
}
