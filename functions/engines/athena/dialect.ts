// Athena (Trino) dialect: names for the formatter and the editor, identifier quoting, generated SELECT, chart SQL (chartSql.ts).
import type { Dialect } from '../types';
import { athenaChartDialect } from './chartSql';
import { quoteIdentifier, selectStarSql } from '../quoting';

export const athenaDialect: Dialect = {
  ...athenaChartDialect,
  formatterLanguage: 'trino',
  name: 'Amazon Athena',
  editorDialect: 'standard',
  limitGrammar: null,
  quoteIdentifier,
  selectStar: (table, columns, limit) => selectStarSql(quoteIdentifier, table, columns, limit),
};
