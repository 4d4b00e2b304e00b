// An in-process dynalite with the real table definitions, and Ports around it, for service tests
// that need real conditional writes and GSIs rather than a mocked client.
import { createServer } from 'node:net';
import { CreateTableCommand, DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import dynalite from 'dynalite';
import { TABLES, type TableDef, type TableName } from '../../../../infra/aws/resources';
import type { Ports } from '../../../../functions/ports/index';
import { randomIds } from '../../../../functions/ports/clock';

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, () => {
      const port = (srv.address() as { port: number }).port;
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });

export interface Harness {
  ports: Ports;
  /** Payloads handed to push.toUser, in order. */
  pushed: { userId: number; payload: unknown }[];
  clock: { nowMs: number };
  stop(): Promise<void>;
}

export async function startHarness(): Promise<Harness> {
  const server = dynalite({ createTableMs: 0, deleteTableMs: 0, updateTableMs: 0 });
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, resolve));
  const client = new DynamoDBClient({
    endpoint: `http://127.0.0.1:${port}`,
    region: 'us-east-1',
    credentials: { accessKeyId: 'x', secretAccessKey: 'x' },
  });
  for (const [name, def] of Object.entries(TABLES) as [string, TableDef][]) {
    const keys = [def.partitionKey, def.sortKey, ...def.indexes.flatMap((i) => [i.partitionKey, i.sortKey])].filter(
      (k): k is string => !!k,
    );
    // connections.userId and connectedAt are numbers; every other key attribute is a string.
    const typeOf = (k: string) => (k === 'userId' || k === 'connectedAt' ? 'N' : 'S');
    await client.send(
      new CreateTableCommand({
        TableName: name,
        BillingMode: 'PAY_PER_REQUEST',
        AttributeDefinitions: [...new Set(keys)].map((k) => ({ AttributeName: k, AttributeType: typeOf(k) })),
        KeySchema: [
          { AttributeName: def.partitionKey, KeyType: 'HASH' },
          ...(def.sortKey ? [{ AttributeName: def.sortKey, KeyType: 'RANGE' as const }] : []),
        ],
        GlobalSecondaryIndexes: def.indexes.map((i) => ({
          IndexName: i.name,
          KeySchema: [
            { AttributeName: i.partitionKey, KeyType: 'HASH' as const },
            ...(i.sortKey ? [{ AttributeName: i.sortKey, KeyType: 'RANGE' as const }] : []),
          ],
          Projection: { ProjectionType: 'ALL' },
        })),
      }),
    );
  }
  const doc = DynamoDBDocumentClient.from(client, { marshallOptions: { removeUndefinedValues: true } });
  const pushed: Harness['pushed'] = [];
  const clock = { nowMs: Date.parse('2026-01-01T00:00:00Z') };
  const unused = () => {
    throw new Error('not used in this test');
  };
  const ports: Ports = {
    tables: { doc, name: (t: TableName) => t },
    blobs: { put: unused, get: unused, delete: unused },
    queue: { send: unused },
    push: {
      async toUser(userId, payload) {
        pushed.push({ userId, payload });
        return 1;
      },
    },
    clock: { now: () => clock.nowMs },
    ids: randomIds,
  };
  return {
    ports,
    pushed,
    clock,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
