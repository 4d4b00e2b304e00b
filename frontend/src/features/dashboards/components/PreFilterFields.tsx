// A filter's pre-filter in the configuration modal, as Superset offers it: adhoc filters (column,
// operator, value or custom SQL: Explore's adhoc filter control) and a time range on one of the
// dataset's time columns, stored on the filter as adhoc_filters, time_range and granularity_sqla.
// Configs saved with the former SQL-only pre-filter ({expressionType: 'SQL'} adhoc filters) load as
// custom SQL chips.
import { useSnapshot } from 'valtio';
import type { NativeFilter } from '../../../../../shared/dashboard/filters/index';
import { NO_TIME_RANGE } from '../../../../../shared/timeRange/index';
import { control } from '../../../../../shared/viz/controls/types';
import type { DatasourceMeta } from '../../../../../shared/viz/types';
import { FilterControl as AdhocFilterControl } from '../../explore/components/controls/FilterControl';
import { TimeRangePicker } from '../../explore/components/controls/TimeRangePicker';
import { dashboardStore } from '../state/dashboardStore';

const PRE_FILTER = control('adhoc_filters', { type: 'DndFilterSelect', label: 'Pre-filter' });

export function PreFilterFields({ filter, temporal, update }: { filter: NativeFilter; temporal: string[]; update: (change: Partial<NativeFilter>) => void }) {
  const snap = useSnapshot(dashboardStore);
  const datasource = (Object.entries(snap.datasources).find(([uid]) => Number(uid.split('__')[0]) === filter.targets[0]?.datasetId)?.[1] ?? null) as DatasourceMeta | null;
  const range = filter.time_range && filter.time_range !== NO_TIME_RANGE ? filter.time_range : null;
  return (
    <fieldset className="field filter-config__prefilter">
      <legend>Pre-filter available values</legend>
      <AdhocFilterControl ctl={PRE_FILTER} value={filter.adhoc_filters ?? []} formData={{ viz_type: 'table' }} datasource={datasource} onChange={(value) => update({ adhoc_filters: value as unknown[] })} />
      <div className="field">
        Time range
        <TimeRangePicker
          label="Pre-filter time range"
          value={filter.time_range ?? NO_TIME_RANGE}
          column={filter.granularity_sqla}
          // A range needs a time column: the dataset's first one until the user picks another.
          onChange={(value) => update(value === NO_TIME_RANGE ? { time_range: undefined } : { time_range: value, granularity_sqla: filter.granularity_sqla ?? temporal[0] })}
        />
      </div>
      {range && (
        <label className="field">
          Time column
          <select className="input" aria-label="Pre-filter time column" value={filter.granularity_sqla ?? ''} onChange={(e) => update({ granularity_sqla: e.target.value || undefined })}>
            <option value="">Select a time column</option>
            {temporal.map((c) => <option key={c} value={c}>{c}</option>)}
          </select>
        </label>
      )}
    </fieldset>
  );
}
