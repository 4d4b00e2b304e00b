// One native filter's settings in the configuration modal: name, type, dataset and column targets,
// the value filter's options and sort, the pre-filter, the default value, the parent filter (cascade)
// and the scoping (all panels, or the tabs and charts checked in the layout's tree).
import { useState } from 'react';
import { useSnapshot } from 'valtio';
import { parentCandidates, splitPasted, scopeTree, checkedChartsOf, scopeFromCheckedCharts, type FilterErrors, type FilterConfigItem, type FilterType, type NativeFilter, GLOBAL_SCOPE } from '../../../../../shared/dashboard/filters/index';
import { TIME_GRAIN_CHOICES } from '../../../../../shared/viz/controls/choices';
import { dashboardStore } from '../state/dashboardStore';
import { ScopeTree, useChartName } from './ScopeTree';
import { PreFilterFields } from './PreFilterFields';
import { TimeRangePicker } from '../../explore/components/controls/TimeRangePicker';
import { NO_TIME_RANGE } from '../../../../../shared/timeRange/index';

/** The value filter's options (Superset's controlValues), with their defaults. */
const SELECT_OPTIONS: [key: string, label: string, fallback: boolean][] = [
  ['multiSelect', 'Can select multiple values', true],
  ['enableEmptyFilter', 'Filter value is required', false],
  ['defaultToFirstItem', 'Select first filter value by default', false],
  ['inverseSelection', 'Inverse selection', false],
  ['creatable', 'Allow values that are not in the list', true],
];

export const FILTER_TYPES: [FilterType, string][] = [
  ['filter_select', 'Value'],
  ['filter_range', 'Numerical range'],
  ['filter_time', 'Time range'],
  ['filter_timecolumn', 'Time column'],
  ['filter_timegrain', 'Time grain'],
];

export const TIME_GRAINS = TIME_GRAIN_CHOICES.filter(([value]) => value !== null) as [string, string][];

export interface DatasetChoice {
  id: number;
  name: string;
  columns: string[];
  temporal: string[];
}

/** The datasets of the dashboard's charts, with their columns and temporal columns. */
export function useDatasetChoices(): DatasetChoice[] {
  const snap = useSnapshot(dashboardStore);
  return Object.entries(snap.datasources).map(([uid, ds]) => ({
    id: Number(uid.split('__')[0]),
    name: String((ds as { table_name?: string }).table_name ?? uid),
    columns: (ds.columns ?? []).map((c) => c.column_name),
    temporal: (ds.columns ?? []).filter((c) => c.is_dttm || c.type_generic === 2).map((c) => c.column_name),
  }));
}

const usesColumn = (t: FilterType) => t === 'filter_select' || t === 'filter_range';
const usesDataset = (t: FilterType) => usesColumn(t) || t === 'filter_timecolumn' || t === 'filter_timegrain';

interface Props {
  filter: NativeFilter;
  items: FilterConfigItem[];
  errors: FilterErrors;
  showErrors: boolean;
  update: (change: Partial<NativeFilter>) => void;
}

export function FilterConfigForm({ filter, items, errors, showErrors, update }: Props) {
  const snap = useSnapshot(dashboardStore);
  const datasets = useDatasetChoices();
  const chartName = useChartName();
  const dataset = datasets.find((d) => d.id === filter.targets[0]?.datasetId);
  const error = (field: string) => showErrors && errors[filter.id]?.[field] && <p role="alert" className="field__error">{errors[filter.id][field]}</p>;
  const layout = snap.history.present as Parameters<typeof scopeTree>[0];
  const scope = filter.scope ?? GLOBAL_SCOPE;
  const global = scope.rootPath.length === 1 && scope.rootPath[0] === 'ROOT_ID' && scope.excluded.length === 0;
  // "Specific panels" with every panel still checked is the global scope: the choice is kept here.
  const [specific, setSpecific] = useState(!global);
  const defaultValue = (filter.defaultDataMask.filterState as { value?: unknown } | undefined)?.value;
  const setDefault = (value: unknown) => update({ defaultDataMask: { filterState: { value } } });
  return (
    <>
      <label className="field">Filter name<input className="input" aria-label="Filter name" value={filter.name} onChange={(e) => update({ name: e.target.value })} /></label>
      {error('name')}
      <label className="field">
        Filter type
        <select className="input" aria-label="Filter type" value={filter.filterType} onChange={(e) => update({ filterType: e.target.value as FilterType, defaultDataMask: { filterState: { value: null } } })}>
          {FILTER_TYPES.map(([t, l]) => <option key={t} value={t}>{l}</option>)}
        </select>
      </label>
      {usesDataset(filter.filterType) && (
        <label className="field">
          Dataset
          <select className="input" aria-label="Dataset" value={filter.targets[0]?.datasetId ?? ''} onChange={(e) => update({ targets: [{ datasetId: Number(e.target.value) || undefined }] })}>
            <option value="">Select a dataset</option>
            {datasets.map((d) => <option key={d.id} value={d.id}>{d.name}</option>)}
          </select>
        </label>
      )}
      {error('dataset')}
      {usesColumn(filter.filterType) && (
        <label className="field">
          Column
          <select
            className="input"
            aria-label="Column"
            value={filter.targets[0]?.column?.name ?? ''}
            onChange={(e) => update({ targets: [{ datasetId: filter.targets[0]?.datasetId, column: e.target.value ? { name: e.target.value } : undefined }] })}
          >
            <option value="">Select a column</option>
            {(dataset?.columns ?? []).map((c) => <option key={c} value={c}>{c}</option>)}
          </select>
        </label>
      )}
      {error('column')}
      {filter.filterType === 'filter_select' && (
        <>
          {SELECT_OPTIONS.map(([key, label, fallback]) => (
            <label key={key} className="field-check">
              <input type="checkbox" checked={filter.controlValues[key] === undefined ? fallback : filter.controlValues[key] === true} onChange={(e) => update({ controlValues: { ...filter.controlValues, [key]: e.target.checked } })} />
              {label}
            </label>
          ))}
          <label className="field">
            Sort filter values
            <select className="input" value={filter.controlValues.sortAscending === false ? 'desc' : 'asc'} onChange={(e) => update({ controlValues: { ...filter.controlValues, sortAscending: e.target.value === 'asc' } })}>
              <option value="asc">Sort ascending</option>
              <option value="desc">Sort descending</option>
            </select>
          </label>
        </>
      )}
      {usesColumn(filter.filterType) && <PreFilterFields filter={filter} temporal={dataset?.temporal ?? []} update={update} />}
      {usesColumn(filter.filterType) && error('granularity_sqla')}
      <DefaultValueField filter={filter} dataset={dataset} value={defaultValue} onChange={setDefault} />
      <label className="field">
        Parent filter
        <select className="input" aria-label="Parent filter" value={filter.cascadeParentIds[0] ?? ''} onChange={(e) => update({ cascadeParentIds: e.target.value ? [e.target.value] : [] })}>
          <option value="">None</option>
          {parentCandidates(items, filter.id).map((f) => <option key={f.id} value={f.id}>{f.name || f.id}</option>)}
        </select>
      </label>
      {error('parentFilter')}
      <fieldset className="field filter-config__scoping">
        <legend>Scoping</legend>
        <label className="field-check">
          <input type="radio" name={`${filter.id}-scope`} checked={!specific} onChange={() => (setSpecific(false), update({ scope: { rootPath: ['ROOT_ID'], excluded: [] } }))} />
          Apply to all panels
        </label>
        <label className="field-check">
          <input type="radio" name={`${filter.id}-scope`} checked={specific} onChange={() => setSpecific(true)} />
          Apply to specific panels
        </label>
        {specific && (
          <ScopeTree
            label={`Panels ${filter.name || 'the filter'} applies to`}
            tree={scopeTree(layout, chartName)}
            checked={checkedChartsOf(layout, scope)}
            onChange={(checked) => update({ scope: scopeFromCheckedCharts(layout, checked) })}
          />
        )}
      </fieldset>
    </>
  );
}

function DefaultValueField({ filter, dataset, value, onChange }: { filter: NativeFilter; dataset: DatasetChoice | undefined; value: unknown; onChange: (v: unknown) => void }) {
  if (filter.filterType === 'filter_timegrain' || filter.filterType === 'filter_timecolumn') {
    const choices: [string, string][] = filter.filterType === 'filter_timegrain' ? TIME_GRAINS : (dataset?.temporal ?? []).map((c) => [c, c]);
    return (
      <label className="field">
        Default value
        <select className="input" aria-label="Default value" value={String(value ?? '')} onChange={(e) => onChange(e.target.value || null)}>
          <option value="">No default</option>
          {choices.map(([v, l]) => <option key={v} value={v}>{l}</option>)}
        </select>
      </label>
    );
  }
  if (filter.filterType === 'filter_time') {
    return (
      <div className="field">
        Default value
        <TimeRangePicker label="Default time range" value={typeof value === 'string' ? value : null} onChange={(range) => onChange(range === NO_TIME_RANGE ? null : range)} />
      </div>
    );
  }
  return (
    <label className="field">
      Default value
      <input className="input" aria-label="Default value" key={filter.filterType} defaultValue={defaultText(value)} onBlur={(e) => onChange(parseDefault(filter.filterType, e.target.value))} />
    </label>
  );
}

function defaultText(v: unknown): string {
  return Array.isArray(v) ? v.map((x) => (x === null ? '' : String(x))).join(', ') : v === null || v === undefined ? '' : String(v);
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
