// The functions' one Logger (Powertools): structured JSON with the Lambda context (request id, cold
// start, function), the route and user of HTTP requests (functions/observability/middleware.ts), and
// debug entries for a sampled share of invocations (POWERTOOLS_LOGGER_SAMPLE_RATE, set by the CDK app).
// Level from POWERTOOLS_LOG_LEVEL (INFO by default). Use it instead of console.* in functions/.
import { Logger } from '@aws-lambda-powertools/logger';
import { METRICS } from '../../shared/resources/metrics';
import { consoleForEnv, printTo } from './logOutput';

export const logger = new Logger({ serviceName: METRICS.service });
printTo(logger, consoleForEnv());

/** An error as log fields: name and message always, the stack for unexpected ones. */
export function errorFields(error: unknown): Record<string, unknown> {
  if (!(error instanceof Error)) return { error: String(error) };
  return { error: { name: error.name, message: error.message, stack: error.stack } };
}
