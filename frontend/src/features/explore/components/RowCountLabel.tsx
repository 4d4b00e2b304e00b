// Above the chart: how many rows its query returned, and "Limit reached" when that is the row limit
// (Superset's RowCountLabel), so a cut-off answer is never taken for the whole data.
import { useSnapshot } from 'valtio';
import type { FormData } from '../../../../../shared/viz/types';
import { exploreStore } from '../state/exploreStore';
import { rowCountSummary } from './rowCount';

export function RowCountLabel() {
  const snap = useSnapshot(exploreStore);
  const status = snap.chart.chartStatus;
  if (status !== 'success' && status !== 'rendered') return null;
  const summary = rowCountSummary(snap.queriesData ?? [], snap.chart.latestQueryFormData as FormData | null);
  if (!summary) return null;
  return (
    <p className={`explore__rowcount${summary.limitReached ? ' explore__rowcount--limit' : ''}`} data-rowcount={summary.rows}>
      {summary.text}
      {summary.limitReached && <span title="The row limit set for the chart was reached. The chart may show partial data.">Limit reached</span>}
    </p>
  );
}
