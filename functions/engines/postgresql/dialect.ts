// PostgreSQL dialect: names for the formatter and the editor, identifier quoting, generated SELECT.
import type { Dialect } from '../types';
import { quoteIdentifier, selectStarSql } from '../quoting';

export const postgresDialect: Dialect = {
  formatterLanguage: 'postgresql',
  name: 'PostgreSQL',
  quoteIdentifier,
  selectStar: (table, columns, limit) => selectStarSql(quoteIdentifier, table, columns, limit),
};
