// Superset's issue codes (superset/errors.py) and the errors every engine builds the same way, so a
// client sees identical `extra` shapes whichever database answered.
import { SupersetError, type ErrorType } from '../../shared/errors';

const ISSUE_MESSAGES: Record<number, string> = {
  1000: 'The dataset associated with this chart is too large to query.',
  1001: 'The database is under an unusual load.',
  1002: 'The database returned an unexpected error.',
  1003: 'There is a syntax error in the SQL query. Perhaps there was a misspelling or a typo.',
  1004: 'The column was deleted or renamed in the database.',
  1005: 'The table was deleted or renamed in the database.',
  1007: "The hostname provided can't be resolved.",
  1008: 'The port is closed.',
  1009: "The host might be down, and can't be reached on the provided port.",
  1012: 'The username provided when connecting to a database is not valid.',
  1013: 'The password provided when connecting to a database is not valid.',
  1014: 'Either the username or the password is wrong.',
  1015: 'Either the database is spelled incorrectly or does not exist.',
  1016: 'The schema was deleted or renamed in the database.',
  1017: "The user doesn't have the proper permissions to connect to the database",
  1018: 'One or more parameters needed to configure a database are missing.',
  1022: 'Database does not allow data manipulation.',
  1030: 'The query has a syntax error.',
  1034: 'The port number is invalid.',
};

// Which issue codes Superset attaches to each error type (ERROR_TYPES_TO_ISSUE_CODES_MAPPING).
const ISSUES_BY_TYPE: Partial<Record<ErrorType, number[]>> = {
  GENERIC_DB_ENGINE_ERROR: [1002],
  COLUMN_DOES_NOT_EXIST_ERROR: [1003, 1004],
  TABLE_DOES_NOT_EXIST_ERROR: [1003, 1005],
  SCHEMA_DOES_NOT_EXIST_ERROR: [1003, 1016],
  SYNTAX_ERROR: [1030],
  CONNECTION_INVALID_USERNAME_ERROR: [1012],
  CONNECTION_INVALID_PASSWORD_ERROR: [1013],
  CONNECTION_INVALID_HOSTNAME_ERROR: [1007],
  CONNECTION_PORT_CLOSED_ERROR: [1008],
  CONNECTION_INVALID_PORT_ERROR: [1034],
  CONNECTION_HOST_DOWN_ERROR: [1009],
  CONNECTION_ACCESS_DENIED_ERROR: [1014],
  CONNECTION_UNKNOWN_DATABASE_ERROR: [1015],
  CONNECTION_DATABASE_PERMISSIONS_ERROR: [1017],
  CONNECTION_MISSING_PARAMETERS_ERROR: [1018],
  CONNECTION_DATABASE_TIMEOUT: [1001, 1009],
  DML_NOT_ALLOWED_ERROR: [1022],
  SQLLAB_TIMEOUT_ERROR: [1000, 1001],
  BACKEND_TIMEOUT_ERROR: [1000, 1001],
  INVALID_SQL_ERROR: [1003],
};

export interface IssueCode {
  code: number;
  message: string;
}

export const issueCodes = (errorType: ErrorType): IssueCode[] =>
  (ISSUES_BY_TYPE[errorType] ?? []).map((code) => ({ code, message: `Issue ${code} - ${ISSUE_MESSAGES[code]}` }));

/** An engine error with Superset's `extra`: engine name, issue codes and any detail (line, position...). */
export function engineError(
  engineName: string,
  errorType: ErrorType,
  message: string,
  detail: Record<string, unknown> = {},
): SupersetError {
  return new SupersetError(errorType, message, {
    extra: { engine_name: engineName, issue_codes: issueCodes(errorType), ...detail },
  });
}

/** The error of a query stopped by its time limit (Superset's SQLLAB_TIMEOUT text). */
export function timeoutError(engineName: string, timeoutMs: number): SupersetError {
  const seconds = Math.round(timeoutMs / 100) / 10;
  return engineError(
    engineName,
    'SQLLAB_TIMEOUT_ERROR',
    `The query was killed after ${seconds} seconds. It might be too complex, or the database might be under heavy load.`,
  );
}

/** The error of a query the user stopped; callers mark the query stopped and mostly ignore it. */
export function cancelledError(engineName: string): SupersetError {
  return engineError(engineName, 'GENERIC_DB_ENGINE_ERROR', 'The query was stopped.', { cancelled: true });
}

export const isSupersetError = (error: unknown): error is SupersetError => error instanceof SupersetError;

export const messageOf = (error: unknown): string =>
  error instanceof Error ? error.message : typeof error === 'string' ? error : JSON.stringify(error);

/**
 * Where an error sits in the script, the same way for every engine: 1-based `line` and 1-based
 * `position` within that line (what an editor highlights), plus the 1-based character `offset` in the
 * whole text when the engine reports one.
 */
export function locate(sql: string, offset: number): { line: number; position: number; offset: number } {
  const before = sql.slice(0, Math.max(0, offset - 1));
  const lineStart = before.lastIndexOf('\n') + 1;
  return { line: before.split('\n').length, position: offset - lineStart, offset };
}
