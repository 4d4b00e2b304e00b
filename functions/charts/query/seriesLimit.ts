// Superset's series limit: the top N series (by series_limit_metric, else the first metric) found by
// an inner GROUP BY query over the same filters, joined to the main query on the series columns.
import type { CompileContext } from './context';
import type { ResolvedColumn } from './columns';

export interface SeriesLimitParts {
  from: string;
  where: string | null;
  series: ResolvedColumn[];
  orderSql: string;
  descending: boolean;
  limit: number;
}

/** The JOIN clause that keeps only the top series. */
export function seriesLimitJoin(context: CompileContext, parts: SeriesLimitParts): string {
  const { dialect } = context;
  const alias = (column: ResolvedColumn) => dialect.quoteIdentifier(`${column.label}__`);
  const select = parts.series.map((column) => `${column.sql} AS ${alias(column)}`).join(', ');
  const inner = [
    `SELECT ${select}`,
    `FROM ${parts.from}`,
    parts.where ? `WHERE ${parts.where}` : null,
    `GROUP BY ${parts.series.map((column) => column.sql).join(', ')}`,
    `ORDER BY ${dialect.orderItem(parts.orderSql, !parts.descending)}`,
  ]
    .filter(Boolean)
    .join('\n');
  const on = parts.series.map((column) => `${column.sql} = series_limit.${alias(column)}`).join(' AND ');
  return `JOIN (${inner}${dialect.limitOffset(parts.limit, 0)}) AS series_limit ON ${on}`;
}
