// Adhoc filters and extra_form_data -> a query object's filters and extras (Superset's processFilters,
// extractExtras and mergeExtraFormData).
import type { FormData } from '../types';
import type { AdhocFilter, QueryExtras, QueryFilter } from './contract';
import { ensureArray } from '../controls/formDataUtils';

export interface FilterParts {
  filters: QueryFilter[];
  extras: QueryExtras;
}

/** Operators that take no comparator, one value, or many (spec §5). */
export const NO_COMPARATOR_OPERATORS = ['IS NULL', 'IS NOT NULL', 'IS TRUE', 'IS FALSE'];
export const SINGLE_VALUE_OPERATORS = ['==', '!=', '>', '<', '>=', '<=', 'LIKE', 'NOT LIKE', 'ILIKE', 'REGEX', 'TEMPORAL_RANGE'];
export const MULTI_VALUE_OPERATORS = ['IN', 'NOT IN'];

function simpleToFilter(filter: AdhocFilter): QueryFilter {
  const op = String(filter.operator ?? '');
  const base: QueryFilter = { col: filter.subject as QueryFilter['col'], op };
  if (NO_COMPARATOR_OPERATORS.includes(op)) return { ...base, ...(filter.isExtra ? { isExtra: true } : {}) };
  const val = MULTI_VALUE_OPERATORS.includes(op) ? ensureArray(filter.comparator) : filter.comparator;
  return { ...base, val: val as QueryFilter['val'], ...(filter.isExtra ? { isExtra: true } : {}) };
}

const wrapAll = (parts: string[]) => parts.map((p) => `(${p})`).join(' AND ');

/** WHERE simple filters become filters; SQL ones join into extras.where / extras.having. */
export function processAdhocFilters(adhocFilters: unknown): FilterParts {
  const filters: QueryFilter[] = [];
  const where: string[] = [];
  const having: string[] = [];
  for (const f of ensureArray(adhocFilters) as AdhocFilter[]) {
    if (!f || typeof f !== 'object') continue;
    if (f.expressionType === 'SIMPLE') {
      if (f.clause === 'WHERE' && f.subject && f.operator) filters.push(simpleToFilter(f));
    } else if (f.sqlExpression) {
      (f.clause === 'HAVING' ? having : where).push(f.sqlExpression);
    }
  }
  return { filters, extras: { having: wrapAll(having), where: wrapAll(where) } };
}

interface ExtraFormData {
  filters?: QueryFilter[];
  adhoc_filters?: AdhocFilter[];
  time_range?: string;
  time_grain_sqla?: string;
  granularity_sqla?: string;
  relative_start?: 'today' | 'now';
  relative_end?: 'today' | 'now';
  [key: string]: unknown;
}

/**
 * Dashboard filters arrive as extra_form_data: appended filters (marked isExtra) and overrides of
 * time_range, time grain and the time column.
 */
export function readExtraFormData(formData: FormData): {
  extraFilters: QueryFilter[];
  extraAdhoc: AdhocFilter[];
  overrides: Partial<Record<'time_range' | 'time_grain_sqla' | 'granularity_sqla' | 'relative_start' | 'relative_end', string>>;
} {
  const extra = (formData.extra_form_data ?? {}) as ExtraFormData;
  const overrides: Record<string, string> = {};
  for (const key of ['time_range', 'time_grain_sqla', 'granularity_sqla', 'relative_start', 'relative_end'] as const) {
    if (typeof extra[key] === 'string' && extra[key]) overrides[key] = extra[key] as string;
  }
  return {
    extraFilters: ensureArray(extra.filters).map((f) => ({ ...f, isExtra: true })),
    extraAdhoc: ensureArray(extra.adhoc_filters).map((f) => ({ ...f, isExtra: true })),
    overrides,
  };
}
