// GET /api/v1/sqllab/export/{client_id}/ (Superset's SqlResultExportCommand): the whole result of a
// query as a CSV file (or XLSX with ?format=xlsx), not just the rows a browser holds. The rows come
// from the stored result; a query without one (CTAS, expired) is run again, as Superset does, up to
// its own limit. A file that fits a function's answer goes out directly (CSV gzipped for clients that
// take gzip); a larger one is put in the results bucket and answered with a presigned link
// ({"result_url"}), which the browser follows.
import { LIMITS } from '../../shared/constants';
import { SupersetError } from '../../shared/errors';
import type { ExportFormat } from '../../shared/routes/sqllab';
import { getDatabaseForUser } from '../databases/access';
import { engineFor } from '../databases/engines';
import { checkUserSql } from '../engines/checkUserSql';
import type { ResultColumn } from '../engines/types';
import { requirePermission } from '../http/authz';
import { COMPRESS_OVER_BYTES, INLINE_FILE_MAX_BYTES } from '../http/fitResponse';
import type { Identity } from '../http/identity';
import { raw, type RawResponse } from '../http/respond';
import type { Ports } from '../ports/index';
import { withFullSql } from '../queries/largeSql';
import { getQueryItem } from '../queries/repository';
import { canSeeQuery } from '../queries/show';
import type { QueryRecord } from '../queries/record';
import { buildCsv, buildXlsx } from './exportFormats';
import { readResult } from './payload';
import { syncBudgetMs } from './runner';

export const EXPORT_INLINE_MAX_BYTES = INLINE_FILE_MAX_BYTES;
export const EXPORT_LINK_TTL_SEC = 300;

const MIME: Record<ExportFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

const notFound = (clientId: string) =>
  new SupersetError('OBJECT_DOES_NOT_EXIST_ERROR', `Query with client_id ${clientId} not found`, { status: 404 });

/** Superset's name: sqllab_<client_id>_<YYYYMMDD_HHMMSS>.csv */
export function exportFileName(clientId: string, nowMs: number, format: ExportFormat): string {
  const stamp = new Date(nowMs).toISOString().slice(0, 19).replace(/-/g, '').replace('T', '_').replace(/:/g, '');
  return `sqllab_${clientId}_${stamp}.${format}`;
}

async function resultRows(ports: Ports, user: Identity, query: QueryRecord, kept: Buffer | null, remainingMs?: number) {
  const stored = !query.select_as_cta && query.results_key ? await readResult(ports, query.results_key, kept) : null;
  if (stored) {
    const body = stored.body();
    return { columns: body.columns, rows: body.data };
  }
  const full = await withFullSql(ports, query);
  const sql = full.select_sql ?? full.executed_sql;
  if (!sql || query.status !== 'success') {
    throw new SupersetError('RESULTS_BACKEND_ERROR', 'Data could not be retrieved from the results backend. You need to re-run the original query.', { status: 410 });
  }
  const db = await getDatabaseForUser(ports, user, query.database_id);
  const engine = await engineFor(db);
  // Exporting reads: the stored SQL is checked again as a read-only script (the sandbox may have
  // tightened, the database's settings changed, and a DML script must not run twice).
  await checkUserSql(engine, sql, { allowDml: false });
  try {
    const result = await engine.run({ sql, limit: query.limit ?? LIMITS.sqlMaxRow, timeoutMs: syncBudgetMs(remainingMs), catalog: query.catalog, schema: query.schema });
    return { columns: result.columns, rows: result.rows };
  } catch (error) {
    throw error instanceof SupersetError ? error : engine.classify(error);
  }
}

export async function exportResult(
  ports: Ports,
  user: Identity,
  clientId: string,
  options: { format?: ExportFormat; acceptGzip?: boolean; remainingMs?: number } = {},
): Promise<RawResponse | { result_url: string; file_name: string; expires_in: number }> {
  requirePermission(user, 'can_export_csv', 'SQLLab', 'QUERY_SECURITY_ACCESS_ERROR');
  const format = options.format ?? 'csv';
  // Client ids name the caller's own runs (another user's are another query, if any).
  const item = await getQueryItem(ports, { user_id: user.userId, client_id: clientId });
  if (!item || !canSeeQuery(user, item.query)) throw notFound(clientId);
  const { columns, rows } = await resultRows(ports, user, item.query, item.resultBody ?? null, options.remainingMs);
  const fileName = exportFileName(clientId, ports.clock.now(), format);
  const file = await encode(format, columns, rows);
  const headers = { 'content-type': MIME[format], 'content-disposition': `attachment; filename="${fileName}"` };

  const gzipped = format === 'csv' && options.acceptGzip && file.plain.length > COMPRESS_OVER_BYTES;
  const sent = gzipped ? file.gzip! : file.plain;
  if (sent.length <= EXPORT_INLINE_MAX_BYTES) {
    if (!gzipped) return raw({ statusCode: 200, headers, body: sent.toString('base64'), isBase64Encoded: true });
    return raw({ statusCode: 200, headers: { ...headers, 'content-encoding': 'gzip', vary: 'accept-encoding' }, body: sent.toString('base64'), isBase64Encoded: true });
  }
  if (!ports.blobs.presignedGetUrl) {
    throw new SupersetError('GENERIC_BACKEND_ERROR', 'The file is too large to send and no results bucket can hand it out. Lower the row limit.', { status: 413 });
  }
  const key = `exports/${clientId}/${fileName}`;
  await ports.blobs.put(key, file.plain, MIME[format]);
  return { result_url: await ports.blobs.presignedGetUrl(key, { expiresSec: EXPORT_LINK_TTL_SEC, fileName }), file_name: fileName, expires_in: EXPORT_LINK_TTL_SEC };
}

async function encode(format: ExportFormat, columns: ResultColumn[], rows: Record<string, unknown>[]): Promise<{ plain: Buffer; gzip?: Buffer }> {
  if (format === 'xlsx') return { plain: await buildXlsx(columns, rows) };
  return buildCsv(columns, rows);
}
