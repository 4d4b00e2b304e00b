// PostgreSQL errors -> the spec's error types, by SQLSTATE for server errors and by Node error code
// for network failures; names for the messages come from the server's message text.
import type { SupersetError } from '../../../shared/errors';
import type { ErrorType } from '../../../shared/errors';
import { engineError, isSupersetError, locate, messageOf } from '../issues';

const ENGINE = 'PostgreSQL';

interface PgErrorLike {
  code?: string;
  message?: string;
  position?: string;
  hostname?: string;
  address?: string;
  port?: number;
}

const BY_SQLSTATE: Record<string, ErrorType> = {
  '42601': 'SYNTAX_ERROR',
  '42P01': 'TABLE_DOES_NOT_EXIST_ERROR',
  '42703': 'COLUMN_DOES_NOT_EXIST_ERROR',
  '3F000': 'SCHEMA_DOES_NOT_EXIST_ERROR',
  '28P01': 'CONNECTION_INVALID_PASSWORD_ERROR',
  '28000': 'CONNECTION_ACCESS_DENIED_ERROR',
  '3D000': 'CONNECTION_UNKNOWN_DATABASE_ERROR',
  '42501': 'CONNECTION_DATABASE_PERMISSIONS_ERROR',
};

const quotedName = (message: string) => /"([^"]+)"/.exec(message)?.[1];

/** `sql` is the text the server's character position refers to, to turn it into line and position. */
export function classifyPostgres(error: unknown, sql?: string): SupersetError {
  if (isSupersetError(error)) return error;
  const pgError = (error ?? {}) as PgErrorLike;
  const message = messageOf(error);
  const code = pgError.code ?? '';
  const position = pgError.position ? Number(pgError.position) : undefined;
  const where = position !== undefined ? (sql ? locate(sql, position) : { offset: position }) : {};
  if (code === 'ECONNREFUSED') {
    return engineError(ENGINE, 'CONNECTION_PORT_CLOSED_ERROR', `Port ${pgError.port ?? ''} on hostname "${pgError.address ?? ''}" refused the connection.`);
  }
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') {
    return engineError(ENGINE, 'CONNECTION_INVALID_HOSTNAME_ERROR', `The hostname "${pgError.hostname ?? ''}" cannot be resolved.`);
  }
  if (code === 'EHOSTUNREACH' || code === 'ENETUNREACH') {
    return engineError(ENGINE, 'CONNECTION_HOST_DOWN_ERROR', `The host "${pgError.address ?? ''}" might be down, and can't be reached on port ${pgError.port ?? ''}.`);
  }
  if (code === 'ETIMEDOUT' || /timeout expired|Connection terminated due to connection timeout/i.test(message)) {
    return engineError(ENGINE, 'CONNECTION_DATABASE_TIMEOUT', 'The database connection timed out. The database may be under heavy load or unreachable.');
  }
  if (code === '28P01') {
    const user = /for user "([^"]+)"/.exec(message)?.[1] ?? '';
    return engineError(ENGINE, 'CONNECTION_INVALID_PASSWORD_ERROR', `The password provided for username "${user}" is incorrect.`, { username: user });
  }
  // pg raises this itself (no SQLSTATE) when the server asks for a password the URI does not have.
  if (/client password must be a string|no password supplied/i.test(message)) {
    return engineError(ENGINE, 'CONNECTION_MISSING_PARAMETERS_ERROR', 'The database requires a password, and the connection has none.', { missing: ['password'] });
  }
  if (code === '28000' && /role "([^"]+)" does not exist/.test(message)) {
    const user = quotedName(message) ?? '';
    return engineError(ENGINE, 'CONNECTION_INVALID_USERNAME_ERROR', `The username "${user}" does not exist.`, { username: user });
  }
  if (code === '3D000') {
    const database = quotedName(message) ?? '';
    return engineError(ENGINE, 'CONNECTION_UNKNOWN_DATABASE_ERROR', `Unable to connect to database "${database}".`, { database });
  }
  if (code === '42601') {
    const near = /at or near "([^"]*)"/.exec(message)?.[1];
    const text = near !== undefined
      ? `Please check your query for syntax errors at or near "${near}". Then, try running your query again.`
      : `PostgreSQL could not parse the query: ${message}`;
    return engineError(ENGINE, 'SYNTAX_ERROR', text, where);
  }
  if (code === '42703') {
    const column = quotedName(message) ?? '';
    const line = 'line' in where ? ` at line ${where.line}:${where.position}` : '';
    return engineError(ENGINE, 'COLUMN_DOES_NOT_EXIST_ERROR', `We can't seem to resolve the column "${column}"${line}.`, { ...where, column });
  }
  if (code === '42P01') {
    const table = quotedName(message) ?? '';
    return engineError(ENGINE, 'TABLE_DOES_NOT_EXIST_ERROR', `The table "${table}" does not exist. ${message}`, { ...where, table });
  }
  if (code === '3F000') {
    const schema = quotedName(message) ?? '';
    return engineError(ENGINE, 'SCHEMA_DOES_NOT_EXIST_ERROR', `The schema "${schema}" does not exist. ${message}`, { ...where, schema });
  }
  const mapped = BY_SQLSTATE[code];
  if (mapped) return engineError(ENGINE, mapped, message, where);
  return engineError(ENGINE, 'GENERIC_DB_ENGINE_ERROR', `${ENGINE} Error: ${message}`, { ...where, ...(code ? { sqlstate: code } : {}) });
}
