// The WebSocket API at /ws: the upgrade becomes an API Gateway $connect event for the wsConnect
// handler, which decides (a non-2xx answer refuses the upgrade, as API Gateway does); a close becomes
// $disconnect. Pushes arrive through the management API in connections.ts.
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer } from 'ws';
import { WEBSOCKET_HANDLERS } from '../../../shared/resources/index';
import { invoke } from '../lambda';
import { Connections, newConnectionId } from './connections';
import { queryParameters, sourceAddress } from './apiEvent';
import { requestUrl } from './httpGateway';

interface WsResult {
  statusCode?: number;
  headers?: Record<string, string>;
}

function wsEvent(
  kind: 'CONNECT' | 'DISCONNECT',
  connectionId: string,
  req: IncomingMessage,
  url: URL,
  extra: Record<string, unknown> = {},
) {
  const sourceIp = sourceAddress(req);
  const headers: Record<string, string> = {};
  const multiValueHeaders: Record<string, string[]> = {};
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined) continue;
    // WebSocket APIs keep header names as the client sent them; Node lower-cases them already.
    headers[name] = Array.isArray(value) ? value.join(',') : value;
    multiValueHeaders[name] = Array.isArray(value) ? value : [value];
  }
  const query = kind === 'CONNECT' ? queryParameters(url) : undefined;
  return {
    headers: kind === 'CONNECT' ? headers : undefined,
    multiValueHeaders: kind === 'CONNECT' ? multiValueHeaders : undefined,
    queryStringParameters: query,
    multiValueQueryStringParameters: query && Object.fromEntries(Object.entries(query).map(([k, v]) => [k, v.split(',')])),
    requestContext: {
      routeKey: kind === 'CONNECT' ? '$connect' : '$disconnect',
      eventType: kind,
      extendedRequestId: randomUUID(),
      requestTimeEpoch: Date.now(),
      requestTime: new Date().toUTCString(),
      messageDirection: 'IN',
      stage: 'local',
      connectedAt: Date.now(),
      requestId: randomUUID(),
      domainName: String(req.headers.host ?? 'localhost').split(':')[0],
      connectionId,
      apiId: 'local-ws',
      identity: { sourceIp, userAgent: req.headers['user-agent'] ?? '' },
      ...extra,
    },
    isBase64Encoded: false,
  };
}

function refuse(socket: Duplex, status: number, text: string) {
  socket.end(`HTTP/1.1 ${status} ${text}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
}

export interface WsGateway {
  handleUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer): void;
  close(): Promise<void>;
}

export function wsGateway(connections: Connections, options: { path?: string; region: string }): WsGateway {
  const path = options.path ?? '/ws';
  // The subprotocol the $connect handler chose, handed from the upgrade to ws's protocol negotiation.
  const chosenProtocol = new WeakMap<IncomingMessage, string>();
  const wss = new WebSocketServer({
    noServer: true,
    handleProtocols: (_offered, req) => chosenProtocol.get(req) ?? false,
  });
  const pending = new Set<Promise<unknown>>();
  const track = (work: Promise<unknown>) => {
    pending.add(work);
    work.finally(() => pending.delete(work)).catch(() => undefined);
  };

  async function connect(req: IncomingMessage, socket: Duplex, head: Buffer, url: URL) {
    const connectionId = newConnectionId();
    let result: WsResult;
    try {
      result = ((await invoke(WEBSOCKET_HANDLERS.connect, wsEvent('CONNECT', connectionId, req, url), { region: options.region })) ??
        {}) as WsResult;
    } catch (error) {
      console.error('[local ws] $connect failed:', error instanceof Error ? error.message : error);
      refuse(socket, 500, 'Internal Server Error');
      return;
    }
    const status = result.statusCode ?? 200;
    if (status < 200 || status > 299) {
      refuse(socket, status === 401 || status === 403 ? status : 401, status === 403 ? 'Forbidden' : 'Unauthorized');
      return;
    }
    const protocol = Object.entries(result.headers ?? {}).find(([k]) => k.toLowerCase() === 'sec-websocket-protocol')?.[1];
    if (protocol) chosenProtocol.set(req, protocol);
    wss.handleUpgrade(req, socket, head, (ws) => {
      const now = Date.now();
      connections.add({
        id: connectionId,
        socket: ws,
        connectedAt: now,
        lastActiveAt: now,
        sourceIp: sourceAddress(req),
        userAgent: req.headers['user-agent'] ?? '',
      });
      ws.on('message', () => {
        // No routes besides $connect/$disconnect: API Gateway would drop the frame the same way.
        const c = connections.get(connectionId);
        if (c) c.lastActiveAt = Date.now();
      });
      ws.on('close', (code, reason) => {
        connections.remove(connectionId);
        const event = wsEvent('DISCONNECT', connectionId, req, url, {
          disconnectStatusCode: code,
          disconnectReason: reason.toString(),
        });
        track(
          Promise.resolve(invoke(WEBSOCKET_HANDLERS.disconnect, event, { region: options.region })).catch((error) =>
            console.error('[local ws] $disconnect failed:', error instanceof Error ? error.message : error),
          ),
        );
      });
    });
  }

  return {
    handleUpgrade(req, socket, head) {
      const url = requestUrl(req);
      if (!url || (url.pathname !== path && url.pathname !== `${path}/`)) {
        refuse(socket, 404, 'Not Found');
        return;
      }
      socket.on('error', () => undefined);
      track(connect(req, socket, head, url));
    },
    async close() {
      // Our 'close' listener runs before this one, so each $disconnect is tracked once these resolve.
      await Promise.all(
        connections.all().map((c) => new Promise((resolve) => (c.socket.once('close', resolve), c.socket.terminate()))),
      );
      // $disconnect handlers write to DynamoDB: let them finish before the emulators go away.
      await Promise.allSettled([...pending]);
      await new Promise<void>((resolve) => wss.close(() => resolve()));
    },
  };
}
