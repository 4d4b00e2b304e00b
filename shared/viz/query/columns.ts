// Column shapes a query object carries: the x axis as a BASE_AXIS column with its time grain, and
// temporal dimensions with the chosen grain (Superset's getXAxisColumn and table's temporal columns).
import type { FormData } from '../types';
import type { AdhocColumn, QueryColumn } from './contract';
import { ensureArray, isAdhocColumn, isTemporalColumn, isXAxisSet } from '../controls/formDataUtils';
import { readExtraFormData } from './extras';

/** The chart's time grain, or the dashboard's (a time grain filter's extra_form_data wins, as in Superset). */
const timeGrainOf = (formData: FormData) => readExtraFormData(formData).overrides.time_grain_sqla ?? ((formData.time_grain_sqla as string | undefined) || undefined);

export function getXAxisColumn(formData: FormData): AdhocColumn | undefined {
  if (!isXAxisSet(formData)) return undefined;
  const x = formData.x_axis as QueryColumn;
  const timeGrain = timeGrainOf(formData);
  if (typeof x === 'string') {
    return { ...(timeGrain ? { timeGrain } : {}), columnType: 'BASE_AXIS', sqlExpression: x, label: x, expressionType: 'SQL' };
  }
  return { ...(timeGrain ? { timeGrain } : {}), columnType: 'BASE_AXIS', ...x };
}

/** Dimensions of a table or pivot: temporal ones get the time grain. */
export function withTimeGrain(formData: FormData, columns: unknown): QueryColumn[] {
  const grain = timeGrainOf(formData);
  return (ensureArray(columns) as QueryColumn[]).map((c) => {
    if (!grain || !isTemporalColumn(formData, c)) return c;
    const base: AdhocColumn = isAdhocColumn(c) ? c : { sqlExpression: c, label: c, expressionType: 'SQL', isColumnReference: true };
    return { timeGrain: grain, columnType: 'BASE_AXIS', ...base };
  });
}
