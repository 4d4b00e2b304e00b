// One native filter in the bar: a searchable multi-select of the column's values (paged, paste
// splits), a numerical range, a time range (Explore's time range picker), the dataset's time columns
// or the time grains.
import { useEffect, useState } from 'react';
import { SelectFilter, currentValue } from './SelectFilter';
import { useSnapshot } from 'valtio';
import type { NativeFilter } from '../../../../../shared/dashboard/filters/index';
import { dashboardStore } from '../state/dashboardStore';
import { stageFilterValue } from '../actions/filterActions';
import { loadRangeBounds } from './filterValues';
import { TIME_GRAINS, useDatasetChoices } from './FilterConfigForm';
import { TimeRangePicker } from '../../explore/components/controls/TimeRangePicker';
import { NO_TIME_RANGE } from '../../../../../shared/timeRange/index';


function RangeFilter({ filter }: { filter: NativeFilter }) {
  const snap = useSnapshot(dashboardStore);
  const [bounds, setBounds] = useState<{ min: number; max: number } | null>(null);
  useEffect(() => {
    let live = true;
    loadRangeBounds(filter).then((b) => live && setBounds(b), () => live && setBounds(null));
    return () => {
      live = false;
    };
  }, [filter]);
  const [min, max] = ((currentValue(filter.id, snap) as [number | null, number | null] | null) ?? [null, null]) as [number | null, number | null];
  const set = (i: 0 | 1, text: string) => {
    const next: [number | null, number | null] = [min, max];
    next[i] = text === '' ? null : Number(text);
    stageFilterValue(filter.id, next[0] === null && next[1] === null ? null : next);
  };
  // Slider and inputs span the column's own minimum and maximum (from the data).
  const limits = bounds ? { min: bounds.min, max: bounds.max, step: 'any' } : {};
  return (
    <div className="filter-range">
      {bounds && (
        <div className="filter-range__sliders">
          <input type="range" {...limits} aria-label={`${filter.name} minimum slider`} value={min ?? bounds.min} onChange={(e) => set(0, e.target.value)} />
          <input type="range" {...limits} aria-label={`${filter.name} maximum slider`} value={max ?? bounds.max} onChange={(e) => set(1, e.target.value)} />
        </div>
      )}
      <label>Min <input type="number" className="input" {...limits} placeholder={bounds ? String(bounds.min) : ''} aria-label={`${filter.name} minimum`} value={min ?? ''} onChange={(e) => set(0, e.target.value)} /></label>
      <label>Max <input type="number" className="input" {...limits} placeholder={bounds ? String(bounds.max) : ''} aria-label={`${filter.name} maximum`} value={max ?? ''} onChange={(e) => set(1, e.target.value)} /></label>
    </div>
  );
}

/** The temporal columns of the filter's dataset (time column filter). */
function TimeColumnFilter({ filter, value }: { filter: NativeFilter; value: unknown }) {
  const columns = useDatasetChoices().find((d) => d.id === filter.targets[0]?.datasetId)?.temporal ?? [];
  const current = String(value ?? '');
  return (
    <select className="input" aria-label={`${filter.name} time column`} value={current} onChange={(e) => stageFilterValue(filter.id, e.target.value || null)}>
      <option value="">Original value</option>
      {[...new Set([...columns, ...(current ? [current] : [])])].map((c) => <option key={c} value={c}>{c}</option>)}
    </select>
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
      return <TimeRangePicker label={`${filter.name} time range`} value={typeof value === 'string' ? value : null} onChange={(range) => stageFilterValue(filter.id, range === NO_TIME_RANGE ? null : range)} />;
    case 'filter_timegrain':
      return (
        <select className="input" aria-label={`${filter.name} time grain`} value={String(value ?? '')} onChange={(e) => stageFilterValue(filter.id, e.target.value || null)}>
          <option value="">Original value</option>
          {TIME_GRAINS.map(([g, label]) => <option key={g} value={g}>{label}</option>)}
        </select>
      );
    default:
      return <TimeColumnFilter filter={filter} value={value} />;
  }
}
