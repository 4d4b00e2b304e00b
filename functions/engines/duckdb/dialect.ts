// DuckDB dialect: names for the formatter and the editor, identifier quoting, generated SELECT.
import type { Dialect } from '../types';
import { quoteIdentifier as quote, selectStarSql } from '../quoting';

export const quoteIdentifier = quote;

export const duckdbDialect: Dialect = {
  formatterLanguage: 'duckdb',
  name: 'DuckDB',
  quoteIdentifier,
  selectStar: (table, columns, limit) => selectStarSql(quoteIdentifier, table, columns, limit),
};
