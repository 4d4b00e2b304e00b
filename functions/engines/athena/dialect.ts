// Athena (Trino) dialect: names for the formatter and the editor, identifier quoting, generated SELECT.
import type { Dialect } from '../types';
import { quoteIdentifier, selectStarSql } from '../quoting';

export const athenaDialect: Dialect = {
  formatterLanguage: 'trino',
  name: 'Amazon Athena',
  quoteIdentifier,
  selectStar: (table, columns, limit) => selectStarSql(quoteIdentifier, table, columns, limit),
};
