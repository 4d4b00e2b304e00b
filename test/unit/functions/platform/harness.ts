// An in-process dynalite with the real table definitions, and Ports around it, for service tests
// that need real conditional writes and GSIs rather than a mocked client.
import { createServer } from 'node:net';
import { CreateTableCommand, DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import dynalite from 'dynalite';
import { TABLES, type TableDef, type TableName } from '../../../../shared/resources/index';
import type { Ports } from '../../../../functions/ports/index';
import { createTableInput } from '../../../../infra/local/provision';
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
  // The tables exactly as the local cloud creates them (keys, index projections).
  for (const [name, def] of Object.entries(TABLES) as [string, TableDef][]) await client.send(new CreateTableCommand(createTableInput(name, def)));
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

export interface SentCommand {
  name: string;
  input: { IndexName?: string; Key?: { pk?: string } };
}

/** Records every command sent through `tables` (its class name and input) until `restore()`. */
export function recordCommands(tables: Ports['tables']): { sent: SentCommand[]; restore(): void } {
  const sent: SentCommand[] = [];
  const send = tables.doc.send.bind(tables.doc);
  tables.doc.send = ((command: { constructor: { name: string }; input: SentCommand['input'] }) => {
    sent.push({ name: command.constructor.name, input: command.input });
    return send(command as never);
  }) as typeof tables.doc.send;
  return { sent, restore: () => void (tables.doc.send = send) };
}
