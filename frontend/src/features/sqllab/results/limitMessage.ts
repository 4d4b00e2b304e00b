// The sentence under the results: "N rows returned", and, when a limit cut the result, what limited it
// (Superset's ResultSet shows both: the count, then the limit message).
import type { LimitingFactor } from '../../../../../shared/constants';

export const rowsReturned = (rows: number) => `${rows.toLocaleString('en-US')} ${rows === 1 ? 'row' : 'rows'} returned`;

/** What limited the rows shown, or null when nothing did. */
export function limitMessage(rows: number, factor: LimitingFactor | undefined, displayLimitReached?: boolean, maxRow?: number): string | null {
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
      return null;
  }
}
