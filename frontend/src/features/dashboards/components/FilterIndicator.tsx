// How many dashboard filters reached a chart's query, and those it could not apply (a column its
// dataset lacks): the dashboard's filters in the chart's extra form data, checked against the answer's
// applied_filters and rejected_filters (the chart's own filters do not count).
import type { ChartDataResponseResult } from '../../../../../shared/viz/types';
import type { ExtraFormData } from '../../../../../shared/dashboard/filters/types';
import { dashboardFilterIndicators } from '../state/filterIndicators';

const plural = (n: number) => `${n} ${n === 1 ? 'filter' : 'filters'}`;

export function FilterIndicator({ result, extraFormData }: { result: ChartDataResponseResult | undefined; extraFormData: ExtraFormData }) {
  const { applied, rejected } = dashboardFilterIndicators(
    extraFormData,
    (result?.applied_filters ?? []) as { column: string }[],
    (result?.rejected_filters ?? []) as { column: string; reason?: string }[],
  );
  if (!applied.length && !rejected.length) return null;
  const text = `${plural(applied.length)} applied${rejected.length ? `, ${rejected.length} not applied` : ''}`;
  return (
    <details className="filter-indicator">
      <summary aria-label={text}>{text}</summary>
      <div className="filter-indicator__popover">
        {applied.length > 0 && <p>{`Applied: ${applied.join(', ')}`}</p>}
        {rejected.map((f) => <p key={f.column}>{`Not applied: ${f.column} (${f.reason === 'not_in_datasource' ? 'the dataset has no such column' : (f.reason ?? 'rejected')})`}</p>)}
      </div>
    </details>
  );
}
