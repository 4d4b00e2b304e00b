// How many dashboard filters reached a chart's query, and those it could not apply (a column its
// dataset lacks): the dashboard's filters in the chart's extra form data, checked against the answer's
// applied_filters and rejected_filters (the chart's own filters do not count).
import { useSnapshot } from 'valtio';
import type { ChartDataResponseResult } from '../../../../../shared/viz/types';
import type { ChartExtra, FilterConfigItem } from '../../../../../shared/dashboard/filters/index';
import { dashboardFilterIndicators, namesByColumn } from '../state/filterIndicators';
import { dashboardStore } from '../state/dashboardStore';

const plural = (n: number) => `${n} ${n === 1 ? 'filter' : 'filters'}`;

export function FilterIndicator({ result, chartExtra }: { result: ChartDataResponseResult | undefined; chartExtra: ChartExtra }) {
  const snap = useSnapshot(dashboardStore);
  const filters = (snap.info?.metadata.native_filter_configuration ?? []) as FilterConfigItem[];
  const sources = chartExtra.sources.map((id) => ({
    name: /^\d+$/.test(id) ? (snap.charts[Number(id)]?.sliceName ?? id) : (filters.find((f) => f.id === id) as { name?: string } | undefined)?.name || id,
    extraFormData: snap.dataMask[id]?.extraFormData ?? {},
  }));
  const { applied, rejected } = dashboardFilterIndicators(
    chartExtra.extraFormData,
    (result?.applied_filters ?? []) as { column: string }[],
    (result?.rejected_filters ?? []) as { column: string; reason?: string }[],
    namesByColumn(sources as never),
  );
  if (!applied.length && !rejected.length) return null;
  const text = `${plural(applied.length)} applied${rejected.length ? `, ${rejected.length} not applied` : ''}`;
  return (
    <details className="filter-indicator">
      <summary aria-label={text}>{text}</summary>
      <div className="filter-indicator__popover">
        {applied.length > 0 && <p>{`Applied: ${applied.join(', ')}`}</p>}
        {rejected.map((f) => <p key={f.column}>{`Not applied: ${f.name} (${f.reason === 'not_in_datasource' ? 'the dataset has no such column' : (f.reason ?? 'rejected')})`}</p>)}
      </div>
    </details>
  );
}
