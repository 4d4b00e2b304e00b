// DuckDB dialect: names for the formatter and the editor, identifier quoting, generated SELECT, chart SQL (chartSql.ts).
import type { Dialect } from '../types';
import { duckdbChartDialect } from './chartSql';
import { quoteIdentifier as quote, selectStarSql } from '../quoting';

export const quoteIdentifier = quote;

export const duckdbDialect: Dialect = {
  ...duckdbChartDialect,
  formatterLanguage: 'duckdb',
  name: 'DuckDB',
  editorDialect: 'standard',
  limitGrammar: 'postgresql',
  quoteIdentifier,
  selectStar: (table, columns, limit) => selectStarSql(quoteIdentifier, table, columns, limit),
};
