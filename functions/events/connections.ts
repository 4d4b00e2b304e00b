// WebSocket connections of the API Gateway WebSocket API: the $connect handler records who opened
// a connection (so push.toUser can find it through byUser) and $disconnect forgets it.
import { DeleteCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import type { Ports } from '../ports/index';

/** API Gateway closes WebSockets after 2 hours; the item should not outlive the connection. */
export const CONNECTION_TTL_SECONDS = 2 * 3600;

export interface ConnectionRecord {
  connectionId: string;
  userId: number;
  connectedAt: number;
  ttl: number;
}

export async function saveConnection(ports: Ports, connectionId: string, userId: number): Promise<ConnectionRecord> {
  const connectedAt = ports.clock.now();
  const record: ConnectionRecord = {
    connectionId,
    userId,
    connectedAt,
    ttl: Math.ceil(connectedAt / 1000) + CONNECTION_TTL_SECONDS,
  };
  await ports.tables.doc.send(new PutCommand({ TableName: ports.tables.name('connections'), Item: record }));
  return record;
}

export async function deleteConnection(ports: Ports, connectionId: string): Promise<void> {
  await ports.tables.doc.send(new DeleteCommand({ TableName: ports.tables.name('connections'), Key: { connectionId } }));
}
