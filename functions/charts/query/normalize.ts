// A query object with Superset's deprecated aliases folded in (groupby, granularity_sqla,
// timeseries_limit*, top-level where/having) and form-data adhoc_filters split into filters and
// extras, as the frontend's buildQueryObject does.
import { AdhocFilterSchema, type QueryFilter, type QueryObject } from '../../../shared/schemas/chartData';

export interface NormalizedQuery extends QueryObject {
  columns: NonNullable<QueryObject['columns']>;
  metrics: NonNullable<QueryObject['metrics']>;
  filters: QueryFilter[];
  extras: NonNullable<QueryObject['extras']>;
  orderby: NonNullable<QueryObject['orderby']>;
  /** SIMPLE HAVING adhoc filters: {subject metric label, operator, comparator}. */
  havingFilters: { subject: string; op: string; val: unknown }[];
}

const andJoin = (parts: (string | null | undefined)[]) => {
  const present = parts.filter((part): part is string => Boolean(part && part.trim()));
  if (present.length === 0) return null;
  return present.length === 1 ? present[0] : present.map((part) => `(${part})`).join(' AND ');
};

export function normalizeQuery(query: QueryObject): NormalizedQuery {
  const extras = { ...(query.extras ?? {}) };
  const filters: QueryFilter[] = [...(query.filters ?? [])];
  const havingFilters: NormalizedQuery['havingFilters'] = [];
  const where: (string | null | undefined)[] = [extras.where, query.where];
  const having: (string | null | undefined)[] = [extras.having, query.having];
  const adhoc = (query as { adhoc_filters?: unknown }).adhoc_filters;
  if (Array.isArray(adhoc)) {
    for (const raw of adhoc) {
      const filter = AdhocFilterSchema.parse(raw);
      if (filter.expressionType === 'SQL') (filter.clause === 'WHERE' ? where : having).push(filter.sqlExpression);
      else if (filter.clause === 'WHERE' && filter.subject) {
        filters.push({ col: filter.subject, op: filter.operator ?? '', val: filter.comparator as QueryFilter['val'], isExtra: filter.isExtra ?? undefined });
      } else if (typeof filter.subject === 'string') havingFilters.push({ subject: filter.subject, op: filter.operator ?? '', val: filter.comparator });
    }
  }
  extras.where = andJoin(where);
  extras.having = andJoin(having);
  return {
    ...query,
    columns: query.columns ?? query.groupby ?? [],
    metrics: query.metrics ?? [],
    filters,
    extras,
    orderby: query.orderby ?? [],
    granularity: query.granularity ?? query.granularity_sqla ?? null,
    series_limit: query.series_limit ?? query.timeseries_limit ?? null,
    series_limit_metric: query.series_limit_metric ?? query.timeseries_limit_metric ?? null,
    havingFilters,
  };
}
