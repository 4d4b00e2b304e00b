// API Gateway WebSocket $connect: consumes the single-use ticket the browser passes as the `ticket`
// query parameter (POST /api/v1/async_event/ticket/ issued it, for 30 s) and records the connection.
// An access token is never accepted here: a socket URL is logged (CloudFront keeps query strings), and
// a used or expired ticket in a log opens nothing. Not an HTTP API route, so no httpModule: Powertools
// through observed().
import { getPorts } from '../ports/index';
import { saveConnection } from '../events/connections';
import { consumeWsTicket } from '../events/wsTickets';
import { METRICS } from '../../shared/resources/metrics';
import { logger } from '../observability/logger';
import { addMetric, MetricUnit } from '../observability/metrics';
import { logKeys, observed } from '../observability/middleware';

export interface WebSocketConnectEvent {
  requestContext: { connectionId: string; routeKey?: string };
  queryStringParameters?: Record<string, string | undefined> | null;
  headers?: Record<string, string | undefined> | null;
}

export interface WebSocketResult {
  statusCode: number;
  headers?: Record<string, string>;
  body?: string;
}

export const handler = observed(async (event: WebSocketConnectEvent): Promise<WebSocketResult> => {
  const ticket = event.queryStringParameters?.ticket;
  const ports = getPorts();
  const userId = ticket ? await consumeWsTicket(ports, ticket) : null;
  if (userId === null) {
    logger.info('websocket connection refused', { connection_id: event.requestContext.connectionId });
    addMetric(METRICS.wsRefused, MetricUnit.Count, 1);
    return { statusCode: 401, body: 'Unauthorized' };
  }
  logKeys({ route: '$connect', user_id: userId, connection_id: event.requestContext.connectionId });
  addMetric(METRICS.wsConnections, MetricUnit.Count, 1);
  await saveConnection(ports, event.requestContext.connectionId, userId);
  return { statusCode: 200 };
});
