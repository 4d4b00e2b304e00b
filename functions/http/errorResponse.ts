// The one error mapper: typed errors keep their status and body; anything else is a 500 with a
// generic message, logged (Powertools Logger) with the request id so an operator can find it.
import type { APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { SupersetError } from '../../shared/errors';
import { errorFields, logger } from '../observability/logger';

export function errorResponse(error: unknown, requestId?: string): APIGatewayProxyStructuredResultV2 {
  const typed =
    error instanceof SupersetError
      ? error
      : new SupersetError('GENERIC_BACKEND_ERROR', 'Internal server error', { status: 500 });
  if (!(error instanceof SupersetError) || typed.status >= 500) {
    logger.error('unexpected error', { ...errorFields(error), request_id: requestId });
  }
  return {
    statusCode: typed.status,
    headers: { 'content-type': 'application/json; charset=utf-8' },
    body: JSON.stringify(typed.toBody()),
  };
}
