// Column shapes a query object carries: the x axis as a BASE_AXIS column with its time grain, and
// temporal dimensions with the chosen grain (Superset's getXAxisColumn and table's temporal columns).
import type { FormData } from '../types';
import type { AdhocColumn, QueryColumn } from './contract';
import { ensureArray, isAdhocColumn, isTemporalColumn, isXAxisSet } from '../controls/formDataUtils';

export function getXAxisColumn(formData: FormData): AdhocColumn | undefined {
  if (!isXAxisSet(formData)) return undefined;
  const x = formData.x_axis as QueryColumn;
  const timeGrain = (formData.time_grain_sqla as string | undefined) || undefined;
  if (typeof x === 'string') {
    return { ...(timeGrain ? { timeGrain } : {}), columnType: 'BASE_AXIS', sqlExpression: x, label: x, expressionType: 'SQL' };
  }
  return { ...(timeGrain ? { timeGrain } : {}), columnType: 'BASE_AXIS', ...x };
}

/** Dimensions of a table or pivot: temporal ones get the time grain. */
export function withTimeGrain(formData: FormData, columns: unknown): QueryColumn[] {
  const grain = formData.time_grain_sqla as string | undefined;
  return (ensureArray(columns) as QueryColumn[]).map((c) => {
    if (!grain || !isTemporalColumn(formData, c)) return c;
    const base: AdhocColumn = isAdhocColumn(c) ? c : { sqlExpression: c, label: c, expressionType: 'SQL', isColumnReference: true };
    return { timeGrain: grain, columnType: 'BASE_AXIS', ...base };
  });
}
