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
