// A real DynamoDB-compatible store (dynalite, in memory) with the main table as infra declares it,
// and Ports around it, for the tab state, saved query and dataset service tests. Blobs, queue and push
// are not used by those services: calling them fails the test.
import type { AddressInfo } from 'node:net';
import { CreateTableCommand, DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import dynalite from 'dynalite';
import { TABLES } from '../../../../shared/resources/index';
import type { Ports } from '../../../../functions/ports/index';

export interface TestCloud {
  ports: Ports;
  /** Moves the fixed clock. */
  setNow(ms: number): void;
  stop(): Promise<void>;
}

const unused = (name: string) => () => {
  throw new Error(`${name} port is not used by this service`);
};

export async function startTables(startMs = Date.parse('2026-03-01T10:00:00Z')): Promise<TestCloud> {
  const server = dynalite({ createTableMs: 0, deleteTableMs: 0, updateTableMs: 0 });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.address() as AddressInfo;
  const client = new DynamoDBClient({
    endpoint: `http://127.0.0.1:${port}`,
    region: 'us-east-1',
    credentials: { accessKeyId: 'test', secretAccessKey: 'test' },
  });
  const def = TABLES.main;
  const attrs = new Set([def.partitionKey, def.sortKey, ...def.indexes.flatMap((i) => [i.partitionKey, i.sortKey])]);
  await client.send(
    new CreateTableCommand({
      TableName: 'main',
      BillingMode: 'PAY_PER_REQUEST',
      AttributeDefinitions: [...attrs].filter(Boolean).map((name) => ({ AttributeName: name!, AttributeType: 'S' })),
      KeySchema: [
        { AttributeName: def.partitionKey, KeyType: 'HASH' },
        { AttributeName: def.sortKey, KeyType: 'RANGE' },
      ],
      GlobalSecondaryIndexes: def.indexes.map((i) => ({
        IndexName: i.name,
        KeySchema: [
          { AttributeName: i.partitionKey, KeyType: 'HASH' },
          ...(i.sortKey ? [{ AttributeName: i.sortKey, KeyType: 'RANGE' as const }] : []),
        ],
        Projection: { ProjectionType: 'ALL' },
      })),
    }),
  );
  const doc = DynamoDBDocumentClient.from(client, { marshallOptions: { removeUndefinedValues: true } });
  let now = startMs;
  let seq = 0;
  const ports: Ports = {
    tables: { doc, name: () => 'main' },
    blobs: { put: unused('blobs'), get: unused('blobs'), delete: unused('blobs') },
    queue: { send: unused('queue') },
    push: { toUser: unused('push') },
    clock: { now: () => now },
    ids: { uuid: () => `00000000-0000-4000-8000-${String(++seq).padStart(12, '0')}`, short: () => `c${String(++seq).padStart(10, '0')}` },
  };
  return {
    ports,
    setNow: (ms) => {
      now = ms;
    },
    stop: async () => {
      client.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
