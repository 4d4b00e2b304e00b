// Athena errors -> the spec's error types: Trino error names in a failed query's StateChangeReason
// (SYNTAX_ERROR: line 1:8: ..., TABLE_NOT_FOUND: ...) and AWS SDK exception names for API failures.
import type { SupersetError } from '../../../shared/errors';
import { engineError, isSupersetError, messageOf } from '../issues';

const ENGINE = 'Amazon Athena';

/** A query Athena reported as FAILED; the reason is Athena's own text. */
export class AthenaQueryFailed extends Error {
  constructor(readonly reason: string, readonly queryExecutionId: string) {
    super(reason);
  }
}

function position(reason: string) {
  const match = /line (\d+):(\d+)/.exec(reason);
  return match ? { line: Number(match[1]), position: Number(match[2]) } : {};
}

const quotedName = (text: string) => /'([^']+)'/.exec(text)?.[1] ?? /"([^"]+)"/.exec(text)?.[1];

function classifyReason(reason: string, queryExecutionId: string): SupersetError {
  const where = { ...position(reason), query_execution_id: queryExecutionId };
  const code = /^([A-Z_]+):/.exec(reason)?.[1] ?? '';
  const mismatched = /mismatched input '([^']*)'/.exec(reason)?.[1];
  if (mismatched !== undefined) {
    return engineError(ENGINE, 'SYNTAX_ERROR', `Please check your query for syntax errors at or near "${mismatched}". Then, try running your query again.`, where);
  }
  if (code === 'TABLE_NOT_FOUND' || /Table .* does not exist/.test(reason)) {
    return engineError(ENGINE, 'TABLE_DOES_NOT_EXIST_ERROR', reason, { ...where, table: quotedName(reason) ?? null });
  }
  if (code === 'SCHEMA_NOT_FOUND' || /Schema .* does not exist|Database .* not found/i.test(reason)) {
    return engineError(ENGINE, 'SCHEMA_DOES_NOT_EXIST_ERROR', reason, { ...where, schema: quotedName(reason) ?? null });
  }
  if (code === 'COLUMN_NOT_FOUND' || /Column .* cannot be resolved/.test(reason)) {
    return engineError(ENGINE, 'COLUMN_DOES_NOT_EXIST_ERROR', reason, { ...where, column: quotedName(reason) ?? null });
  }
  if (code === 'SYNTAX_ERROR') return engineError(ENGINE, 'SYNTAX_ERROR', reason, where);
  return engineError(ENGINE, 'GENERIC_DB_ENGINE_ERROR', `${ENGINE} Error: ${reason}`, where);
}

const SDK_ERRORS: Record<string, Parameters<typeof engineError>[1]> = {
  UnrecognizedClientException: 'CONNECTION_ACCESS_DENIED_ERROR',
  InvalidSignatureException: 'CONNECTION_ACCESS_DENIED_ERROR',
  ExpiredTokenException: 'CONNECTION_ACCESS_DENIED_ERROR',
  CredentialsProviderError: 'CONNECTION_ACCESS_DENIED_ERROR',
  AccessDeniedException: 'CONNECTION_DATABASE_PERMISSIONS_ERROR',
  TimeoutError: 'CONNECTION_DATABASE_TIMEOUT',
};

export function classifyAthena(error: unknown): SupersetError {
  if (isSupersetError(error)) return error;
  if (error instanceof AthenaQueryFailed) return classifyReason(error.reason, error.queryExecutionId);
  const name = (error as { name?: string })?.name ?? '';
  const code = (error as { code?: string })?.code ?? '';
  const message = messageOf(error);
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return engineError(ENGINE, 'CONNECTION_INVALID_HOSTNAME_ERROR', `The Amazon Athena endpoint cannot be resolved: ${message}`);
  if (code === 'ECONNREFUSED') return engineError(ENGINE, 'CONNECTION_PORT_CLOSED_ERROR', `The Amazon Athena endpoint refused the connection: ${message}`);
  if (SDK_ERRORS[name]) return engineError(ENGINE, SDK_ERRORS[name], message, { aws_error: name });
  if (name === 'MetadataException' || name === 'InvalidRequestException') {
    // Catalogue lookups answer "Database x not found" / "Table x not found" through these exceptions.
    if (/Database .* not found|Schema .* not found/i.test(message)) return engineError(ENGINE, 'SCHEMA_DOES_NOT_EXIST_ERROR', message, { aws_error: name });
    if (/Table .* not found|EntityNotFound/i.test(message)) return engineError(ENGINE, 'TABLE_DOES_NOT_EXIST_ERROR', message, { aws_error: name });
  }
  return engineError(ENGINE, 'GENERIC_DB_ENGINE_ERROR', `${ENGINE} Error: ${message}`, name ? { aws_error: name } : {});
}
