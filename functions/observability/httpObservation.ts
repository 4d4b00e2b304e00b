// What every HTTP request leaves behind: one `request` log line (route, status, duration; the Logger
// adds request id, cold start, and the route and user the request middleware appended), the Requests
// metric with a `route` dimension, and Errors by route and error_type for error answers.
import type middy from '@middy/core';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { MetricUnit } from '@aws-lambda-powertools/metrics';
import { METRICS } from '../../shared/resources/metrics';
import { logger } from './logger';
import { addMetric, countError, metrics } from './metrics';

type Request = middy.Request<APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2>;

const started = new WeakMap<object, { at: number; route: string }>();

/** The route and user of a request, once known: log keys and the metrics' route dimension. */
export function noteRoute(event: APIGatewayProxyEventV2, route: string, userId: string | number | null): void {
  const entry = started.get(event);
  if (entry) entry.route = route;
  logger.appendKeys({ route, user_id: userId ?? undefined });
}

function errorTypeOf(response: APIGatewayProxyStructuredResultV2 | null | undefined): string {
  try {
    const body = JSON.parse(String(response?.body ?? '')) as { errors?: { error_type?: string }[] };
    return body.errors?.[0]?.error_type ?? 'UNKNOWN';
  } catch {
    return 'UNKNOWN';
  }
}

/** Logs and counts the answer of this request (also called for early answers, which skip `after`). */
export function observeAnswer(request: Request): void {
  const entry = started.get(request.event);
  const route = entry?.route ?? 'unmatched';
  const status = request.response?.statusCode ?? 500;
  metrics.addDimension('route', route);
  addMetric(METRICS.requests, MetricUnit.Count, 1);
  const fields = {
    status,
    method: request.event.requestContext?.http?.method,
    path: request.event.rawPath,
    duration_ms: entry ? Date.now() - entry.at : undefined,
    api_request_id: request.event.requestContext?.requestId,
  };
  if (status >= 400) countError(route, errorTypeOf(request.response));
  if (status >= 500) logger.error('request', fields);
  else logger.info('request', fields);
}

export const httpObservation = (): middy.MiddlewareObj<APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2> => ({
  before: (request) => {
    started.set(request.event, { at: Date.now(), route: 'unmatched' });
  },
  after: observeAnswer,
  onError: observeAnswer,
});
