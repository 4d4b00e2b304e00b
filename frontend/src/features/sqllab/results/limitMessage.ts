// The sentence under the results explaining the row count and what limited it.
import type { LimitingFactor } from '../../../../../shared/constants';

export function limitMessage(rows: number, factor: LimitingFactor | undefined, displayLimitReached?: boolean, maxRow?: number): string {
  const n = rows.toLocaleString('en-US');
  if (displayLimitReached) {
    return `The number of results displayed is limited to ${n}. Please add additional limits/filters or download to csv to see more rows up to the ${(maxRow ?? rows).toLocaleString('en-US')} limit.`;
  }
  switch (factor) {
    case 'QUERY':
      return `The number of rows displayed is limited to ${n} by the query`;
    case 'DROPDOWN':
      return `The number of rows displayed is limited to ${n} by the limit dropdown.`;
    case 'QUERY_AND_DROPDOWN':
      return `The number of rows displayed is limited to ${n} by the query and limit dropdown.`;
    default:
      return `${n} ${rows === 1 ? 'row' : 'rows'} returned`;
  }
}
