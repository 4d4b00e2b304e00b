// What a chart shows when every one of its queries returned no rows (Superset's SuperChart noResults
// state), instead of an empty frame, a header-only table or bare axes.
import type { ChartDataResponseResult } from '../../../../../shared/viz/types';

export const NO_RESULTS_TITLE = 'No results were returned for this query';
export const NO_RESULTS_EXPLORE_HINT = 'Make sure that the controls are configured properly and the datasource contains data for the selected time range';

export const hasNoResults = (queriesData: readonly ChartDataResponseResult[]): boolean =>
  queriesData.every((q) => !q?.data || (Array.isArray(q.data) && q.data.length === 0));

export function NoResults({ description }: { description?: string }) {
  return (
    <div className="chart-empty" role="status">
      <p className="chart-empty__title">{NO_RESULTS_TITLE}</p>
      {description && <p className="chart-empty__hint">{description}</p>}
    </div>
  );
}
