// The Powertools middlewares every handler wears, wired with middy as Powertools' own examples do:
// Tracer's handler segment (only when tracing is on: in Lambda with X-Ray), Logger's Lambda context
// (request id, cold start; temporary keys reset after each invocation) and Metrics' flush (with the
// ColdStart metric). HTTP handlers add httpObservation(); workers add their own dimensions.
import middy from '@middy/core';
import type { Context } from 'aws-lambda';
import { cleanupMiddlewares } from '@aws-lambda-powertools/commons';
import { injectLambdaContext } from '@aws-lambda-powertools/logger/middleware';
import { logMetrics } from '@aws-lambda-powertools/metrics/middleware';
import { captureLambdaHandler } from '@aws-lambda-powertools/tracer/middleware';
import { logger } from './logger';
import { metrics } from './metrics';
import { tracer } from './tracer';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Middleware = middy.MiddlewareObj<any, any, any, any>;

/** Tracer, Logger and Metrics for one handler: `.use(observability())` first, so they wrap the rest. */
export function observability(): Middleware[] {
  const list: Middleware[] = [injectLambdaContext(logger, { resetKeys: true }), logMetrics(metrics, { captureColdStartMetric: true })];
  if (tracer.isTracingEnabled()) list.unshift(captureLambdaHandler(tracer));
  return list;
}

/**
 * For a middleware that answers early from `before` (middy then skips every `after`): flushes the
 * metrics and resets the log keys as the Powertools middlewares would have.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export const finishEarly = (request: middy.Request<any, any, any, any>) => cleanupMiddlewares(request);

/** Temporary log keys of this invocation (reset after it). */
export const logKeys = (keys: Record<string, unknown>) => logger.appendKeys(keys);

/**
 * A non-HTTP handler (WebSocket routes, the scheduler tick) wearing the Powertools middlewares; it can
 * still be called with the event alone (tests).
 */
export function observed<E, R>(fn: (event: E, context: Context) => Promise<R>): (event: E, context?: Context) => Promise<R> {
  const handler = middy<E, R, Error, Context>().use(observability()).handler(fn);
  return (event, context) => handler(event, context ?? ({} as Context));
}
