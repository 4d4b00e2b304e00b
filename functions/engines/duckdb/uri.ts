// The file a DuckDB URI names, in a module of its own so that code which only reads URIs (the
// examples-file copy) does not load the native driver.
import { SupersetError } from '../../../shared/errors';
import { issueCodes } from '../issues';

/** duckdb:///abs/path.duckdb -> /abs/path.duckdb; duckdb:///:memory: -> :memory:. */
export function duckdbPathFromUri(uri: string): string {
  const match = /^duckdb:\/\/(.*)$/i.exec(uri.trim());
  const rest = match ? match[1].split('?')[0] : '';
  const path = rest.startsWith('/:memory:') ? ':memory:' : decodeURIComponent(rest);
  if (path !== ':memory:' && !path.startsWith('/')) {
    throw new SupersetError('CONNECTION_MISSING_PARAMETERS_ERROR', `Invalid DuckDB URI "${uri}": expected duckdb:///absolute/path.duckdb or duckdb:///:memory:`, {
      extra: { engine_name: 'DuckDB', issue_codes: issueCodes('CONNECTION_MISSING_PARAMETERS_ERROR') },
    });
  }
  return path;
}

/**
 * The URI as it leaves the server (exports, non-admin reads): a database file named by its file name
 * alone, SQLAlchemy's relative form (duckdb:///examples.duckdb), never the server's directories.
 */
export function withoutServerPath(uri: string): string {
  const match = /^(duckdb(?:\+[a-z0-9_]+)?:\/\/\/)\/*([^?]*)(\?.*)?$/i.exec(uri.trim());
  if (!match || match[2] === ':memory:' || match[2] === '') return uri;
  const name = decodeURIComponent(match[2]).split('/').pop() ?? '';
  return `${match[1]}${encodeURIComponent(name)}${match[3] ?? ''}`;
}

/** A URI in that relative form (no absolute path): only an existing connection says where the file is. */
export function namesFileOnly(uri: string): boolean {
  const match = /^duckdb(?:\+[a-z0-9_]+)?:\/\/\/([^?]*)/i.exec(uri.trim());
  return Boolean(match && match[1] !== '' && !match[1].startsWith('/') && match[1] !== ':memory:');
}
