// API Gateway WebSocket $connect: authenticate the token the browser passes (query string `token`, or
// a Sec-WebSocket-Protocol entry since browsers cannot set headers on WebSockets) and record the
// connection. Not an HTTP API route, so no httpModule: Powertools through observed().
import { getPorts } from '../ports/index';
import { verifyAccessToken } from '../platform/auth/verifyAccessToken';
import { saveConnection } from '../events/connections';
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

const looksLikeJwt = (value: string) => value.split('.').length === 3;

/** The token, and the subprotocol to echo (a browser drops a connection whose offered protocol is not accepted). */
export function tokenFrom(event: WebSocketConnectEvent): { token: string | null; protocol?: string } {
  const fromQuery = event.queryStringParameters?.token;
  if (fromQuery) return { token: fromQuery };
  const header = event.headers?.['Sec-WebSocket-Protocol'] ?? event.headers?.['sec-websocket-protocol'];
  if (!header) return { token: null };
  const offered = header.split(',').map((p) => p.trim()).filter(Boolean);
  const token = offered.find(looksLikeJwt) ?? null;
  return { token, protocol: offered[0] };
}

export const handler = observed(async (event: WebSocketConnectEvent): Promise<WebSocketResult> => {
  const { token, protocol } = tokenFrom(event);
  const user = token ? await verifyAccessToken(token) : null;
  if (!user) {
    logger.info('websocket connection refused', { connection_id: event.requestContext.connectionId });
    addMetric(METRICS.wsRefused, MetricUnit.Count, 1);
    return { statusCode: 401, body: 'Unauthorized' };
  }
  logKeys({ route: '$connect', user_id: user.userId, connection_id: event.requestContext.connectionId });
  addMetric(METRICS.wsConnections, MetricUnit.Count, 1);
  await saveConnection(getPorts(), event.requestContext.connectionId, user.userId);
  return protocol ? { statusCode: 200, headers: { 'Sec-WebSocket-Protocol': protocol } } : { statusCode: 200 };
});
