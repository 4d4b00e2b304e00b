// PostgreSQL dialect: names for the formatter and the editor, identifier quoting, generated SELECT, chart SQL (chartSql.ts).
import type { Dialect } from '../types';
import { postgresChartDialect } from './chartSql';
import { quoteIdentifier, selectStarSql } from '../quoting';

export const postgresDialect: Dialect = {
  ...postgresChartDialect,
  formatterLanguage: 'postgresql',
  name: 'PostgreSQL',
  editorDialect: 'postgresql',
  limitGrammar: 'postgresql',
  quoteIdentifier,
  selectStar: (table, columns, limit) => selectStarSql(quoteIdentifier, table, columns, limit),
};
