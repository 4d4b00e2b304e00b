// The push port: posts an event to every open WebSocket connection of a user through the API Gateway
// management API, and forgets connections that are gone.
import { PostToConnectionCommand, type ApiGatewayManagementApiClient } from '@aws-sdk/client-apigatewaymanagementapi';
import { DeleteCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { Tables } from './tables';

export interface Push {
  toUser(userId: number, payload: unknown): Promise<number>;
}

const isGone = (error: unknown) => {
  const e = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e.name === 'GoneException' || e.$metadata?.httpStatusCode === 410;
};

export function apiGatewayPush(client: ApiGatewayManagementApiClient, tables: Tables): Push {
  return {
    async toUser(userId, payload) {
      const out = await tables.doc.send(
        new QueryCommand({
          TableName: tables.name('connections'),
          IndexName: 'byUser',
          KeyConditionExpression: 'userId = :u',
          ExpressionAttributeValues: { ':u': userId },
        }),
      );
      const data = Buffer.from(JSON.stringify(payload));
      let delivered = 0;
      await Promise.all(
        (out.Items ?? []).map(async (item) => {
          const connectionId = item.connectionId as string;
          try {
            await client.send(new PostToConnectionCommand({ ConnectionId: connectionId, Data: data }));
            delivered++;
          } catch (error) {
            if (!isGone(error)) throw error;
            await tables.doc.send(new DeleteCommand({ TableName: tables.name('connections'), Key: { connectionId } }));
          }
        }),
      );
      return delivered;
    },
  };
}
