// Turns a create/update/test body into a stored connection: the engine from the URI scheme, extra
// parsed from its JSON text, a masked password restored from the stored connection. Invalid input is a 422
// with per-field messages, as Superset's marshmallow validation answers.
import { SupersetError } from '../../shared/errors';
import type { DatabasePost } from '../../shared/routes/databases';
import type { EngineKind } from '../engines/types';
import { DATABASE_DEFAULTS, type DatabaseInput, type DatabaseRecord } from './repository';
import { PASSWORD_MASK, passwordOf, sameConnectionButPassword, unmaskPassword } from './uri';
import { engineKindFromUri, KNOWN_SCHEMES } from '../engines/registry';
import { issueCodes } from '../engines/issues';

export const invalidField = (field: string, message: string) =>
  new SupersetError('GENERIC_COMMAND_ERROR', message, { status: 422, extra: { messages: { [field]: [message] } } });

export function parseExtra(extra: DatabasePost['extra'] | undefined): Record<string, unknown> {
  if (extra === undefined || extra === '') return {};
  if (typeof extra !== 'string') return extra;
  let parsed: unknown;
  try {
    parsed = JSON.parse(extra);
  } catch {
    throw invalidField('extra', 'Field cannot be decoded by JSON.');
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    throw invalidField('extra', 'Field must be a JSON object.');
  }
  return parsed as Record<string, unknown>;
}

export function backendFor(uri: string): EngineKind {
  const backend = engineKindFromUri(uri);
  if (!backend) {
    throw invalidField(
      'sqlalchemy_uri',
      `Invalid connection string, a valid string usually follows: backend+driver://user:password@database-host/database-name. Known backends: ${KNOWN_SCHEMES.join(', ')}.`,
    );
  }
  return backend;
}

export const PASSWORD_NEEDED_MESSAGE =
  'The password is required again when the host, port, driver or any other part of the connection string changes.';

/**
 * The URI to store for `uri` sent over a stored connection: a masked password is replaced by the
 * stored one, but only when nothing else of the URI changed; a masked password on a changed URI is
 * refused (a 422 on sqlalchemy_uri unless `refuse` says otherwise), so it never reaches another host.
 */
export function restoreStoredPassword(
  uri: string,
  storedUri: string,
  refuse: (message: string) => Error = (message) => invalidField('sqlalchemy_uri', message),
): string {
  if (passwordOf(uri) !== PASSWORD_MASK || passwordOf(storedUri) === null) return uri;
  if (!sameConnectionButPassword(uri, storedUri)) throw refuse(PASSWORD_NEEDED_MESSAGE);
  return unmaskPassword(uri, storedUri);
}

/** The full settings of a create, or of an update merged over the stored record. */
export function toDatabaseInput(
  body: Partial<DatabasePost>,
  current?: DatabaseRecord,
): { input: DatabaseInput; backend: EngineKind } {
  const base: DatabaseInput = current ?? ({ ...DATABASE_DEFAULTS, database_name: '', sqlalchemy_uri: '' } as DatabaseInput);
  const uri = body.sqlalchemy_uri === undefined ? base.sqlalchemy_uri : body.sqlalchemy_uri;
  const sqlalchemy_uri = current ? restoreStoredPassword(uri, current.sqlalchemy_uri) : uri;
  // A sealed password stays with a URI that still shows the mask (it is unsealed only to connect).
  const keepsSealed = current?.password_secret && passwordOf(sqlalchemy_uri) === PASSWORD_MASK;
  const input: DatabaseInput = {
    database_name: body.database_name ?? base.database_name,
    sqlalchemy_uri,
    password_secret: keepsSealed ? current.password_secret : undefined,
    extra: body.extra === undefined ? base.extra : parseExtra(body.extra),
    expose_in_sqllab: body.expose_in_sqllab ?? base.expose_in_sqllab,
    allow_run_async: body.allow_run_async ?? base.allow_run_async,
    allow_dml: body.allow_dml ?? base.allow_dml,
    allow_ctas: body.allow_ctas ?? base.allow_ctas,
    allow_cvas: body.allow_cvas ?? base.allow_cvas,
    allow_file_upload: body.allow_file_upload ?? base.allow_file_upload,
    force_ctas_schema: body.force_ctas_schema === undefined ? base.force_ctas_schema : (body.force_ctas_schema ?? null),
    cache_timeout: body.cache_timeout === undefined ? base.cache_timeout : (body.cache_timeout ?? null),
    impersonate_user: body.impersonate_user ?? base.impersonate_user,
    configuration_method: body.configuration_method ?? base.configuration_method,
  };
  const backend = backendFor(sqlalchemy_uri);
  if (backend === 'postgresql') checkPort(sqlalchemy_uri);
  return { input, backend };
}

/** The port of a host URI, when it has one that is not a TCP port, is refused before any connection. */
function checkPort(uri: string): void {
  // A password may hold '?' or '#' but not '/' (uri.ts): the host starts after the last '@'.
  const authority = /^[a-z][a-z0-9+.-]*:\/\/([^/]*)/i.exec(uri.trim())?.[1] ?? '';
  const hostPort = authority.slice(authority.lastIndexOf('@') + 1).split(/[?#]/)[0];
  const port = /^(?:\[[^\]]*\]|[^:]*)(?::(.*))?$/.exec(hostPort)?.[1];
  if (port === undefined || port === '') return;
  if (/^\d{1,5}$/.test(port) && Number(port) <= 65535) return;
  const errorType = 'CONNECTION_INVALID_PORT_ERROR';
  throw new SupersetError(errorType, 'Port must be a valid integer between 0 and 65535 (inclusive).', {
    status: 422,
    extra: { engine_name: 'PostgreSQL', issue_codes: issueCodes(errorType), messages: { sqlalchemy_uri: [`Invalid port ${port}`] } },
  });
}
