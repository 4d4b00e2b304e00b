// Open WebSocket connections and the API Gateway Management API over them
// (POST/GET/DELETE /@connections/{id}), so functions/ports/push.ts posts locally exactly as in AWS.
import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { WebSocket } from 'ws';
import { readBody } from '../http/body';

export interface Connection {
  id: string;
  socket: WebSocket;
  connectedAt: number;
  lastActiveAt: number;
  sourceIp: string;
  userAgent: string;
}

/** API Gateway connection ids look like base64 with padding (`L0SM9cOFvHcCIhw=`). */
export const newConnectionId = () => randomBytes(10).toString('base64').replace(/\+/g, 'A').replace(/\//g, 'B');

export class Connections {
  private readonly open = new Map<string, Connection>();

  add(connection: Connection) {
    this.open.set(connection.id, connection);
  }
  remove(id: string) {
    this.open.delete(id);
  }
  get(id: string) {
    return this.open.get(id);
  }
  all() {
    return [...this.open.values()];
  }
}

const MANAGEMENT_PATH = /\/@connections\/([^/?]+)\/?$/;
export const isManagementRequest = (req: IncomingMessage) => MANAGEMENT_PATH.test((req.url ?? '').split('?')[0]);

function reply(res: ServerResponse, status: number, body?: unknown, errorType?: string) {
  const headers: Record<string, string> = { 'x-amzn-requestid': crypto.randomUUID() };
  if (errorType) headers['x-amzn-errortype'] = errorType;
  if (body === undefined) {
    res.writeHead(status, headers).end();
    return;
  }
  res.writeHead(status, { ...headers, 'content-type': 'application/json' }).end(JSON.stringify(body));
}

export async function handleManagement(connections: Connections, req: IncomingMessage, res: ServerResponse) {
  const id = decodeURIComponent(MANAGEMENT_PATH.exec((req.url ?? '').split('?')[0])![1]);
  const connection = connections.get(id);
  // Drain the body first: answering before reading it would reset the client's socket.
  const data = await readBody(req, 128 * 1024 + 1);
  if (!connection || connection.socket.readyState !== connection.socket.OPEN) {
    reply(res, 410, { message: 'Gone' }, 'GoneException');
    return;
  }
  switch (req.method) {
    case 'POST':
      // API Gateway frames are at most 128 KB.
      if (data.length > 128 * 1024) {
        reply(res, 413, { message: 'Message too long' }, 'PayloadTooLargeException');
        return;
      }
      await new Promise<void>((resolve, reject) => connection.socket.send(data.toString('utf8'), (e) => (e ? reject(e) : resolve())));
      connection.lastActiveAt = Date.now();
      reply(res, 200);
      return;
    case 'GET':
      // The management API is REST-JSON with camelCase members.
      reply(res, 200, {
        connectedAt: new Date(connection.connectedAt).toISOString(),
        lastActiveAt: new Date(connection.lastActiveAt).toISOString(),
        identity: { sourceIp: connection.sourceIp, userAgent: connection.userAgent },
      });
      return;
    case 'DELETE':
      connection.socket.close(1000, 'Closed by server');
      reply(res, 204);
      return;
    default:
      reply(res, 405, { message: 'Method Not Allowed' });
  }
}
