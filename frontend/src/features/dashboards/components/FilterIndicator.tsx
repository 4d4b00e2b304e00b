// How many dashboard filters reached a chart's query, and those it could not apply (a column its
// dataset lacks), from the answer's applied_filters and rejected_filters.
import type { ChartDataResponseResult } from '../../../../../shared/viz/types';

export function FilterIndicator({ result }: { result: ChartDataResponseResult | undefined }) {
  const applied = (result?.applied_filters ?? []) as { column: string }[];
  const rejected = (result?.rejected_filters ?? []) as { column: string; reason?: string }[];
  if (!applied.length && !rejected.length) return null;
  return (
    <details className="filter-indicator">
      <summary aria-label={`${applied.length} filters applied${rejected.length ? `, ${rejected.length} not applied` : ''}`}>
        {`▾ ${applied.length}${rejected.length ? ` / ${rejected.length} not applied` : ''}`}
      </summary>
      <div className="filter-indicator__popover">
        {applied.length > 0 && <p>{`Applied: ${applied.map((f) => f.column).join(', ')}`}</p>}
        {rejected.map((f) => <p key={f.column}>{`Not applied: ${f.column} (${f.reason === 'not_in_datasource' ? 'the dataset has no such column' : (f.reason ?? 'rejected')})`}</p>)}
      </div>
    </details>
  );
}
