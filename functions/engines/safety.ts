// Decisions on parsed statements (never on SQL text): whether a script may run on a database that
// forbids DML, and whether its last statement returns rows.
import { LIMITS } from '../../shared/constants';
import { SupersetError } from '../../shared/errors';
import { issueCodes } from './issues';
import type { ParsedStatement } from './types';

export const DML_NOT_ALLOWED_MESSAGE =
  'This database does not allow for DDL/DML, and the query could not be parsed to confirm it is a read-only query. Please contact your administrator for more assistance.';

/** Throws DML_NOT_ALLOWED_ERROR (403) when DML is off and any statement may write or change state. */
export function assertAllowed(statements: ParsedStatement[], options: { allowDml: boolean }): void {
  if (options.allowDml) return;
  const offending = statements.find((statement) => statement.mutates);
  if (!offending) return;
  throw new SupersetError('DML_NOT_ALLOWED_ERROR', DML_NOT_ALLOWED_MESSAGE, {
    extra: { issue_codes: issueCodes('DML_NOT_ALLOWED_ERROR'), statement: offending.sql, kind: offending.kind },
  });
}

export const lastStatementIsSelect = (statements: ParsedStatement[]): boolean =>
  statements.length > 0 && statements[statements.length - 1].isSelect;

export const allStatementsAreSelects = (statements: ParsedStatement[]): boolean =>
  statements.length > 0 && statements.every((statement) => statement.isSelect && !statement.mutates);

/**
 * Refuses SQL longer than LIMITS.sqlMaxLength before any parser sees it: parsers are super-linear on
 * some inputs and a megabyte of SQL is never an analyst's query. INVALID_SQL_ERROR (400) because the
 * text itself is what is wrong, not the payload shape.
 */
export function assertSqlLength(sql: string): void {
  if (sql.length <= LIMITS.sqlMaxLength) return;
  throw new SupersetError(
    'INVALID_SQL_ERROR',
    `The SQL text is ${sql.length.toLocaleString('en-US')} characters long; the limit is ${LIMITS.sqlMaxLength.toLocaleString('en-US')}.`,
    { extra: { issue_codes: issueCodes('INVALID_SQL_ERROR'), length: sql.length, max_length: LIMITS.sqlMaxLength } },
  );
}
