// The local DynamoDB: dynalite with its tables in memory, made durable by a journal of the write
// operations it accepted. dynalite's own on-disk mode (LevelDB) costs three thread-pool round trips
// per write (read the old item, write the index entries, write the item), about a millisecond on these
// machines: as much as the rest of a quick query's bookkeeping. In memory those are function calls.
//
// Journal: `<dir>/journal.jsonl`, one line per accepted write (`<operation> <request JSON>`), appended
// synchronously before dynalite's answer leaves, so an answered write survives the process (as
// LevelDB without fsync did). A start replays it in order (same state, same condition outcomes) and
// then rewrites it compacted: each table's CreateTable and its items as BatchWriteItem lines. A torn
// last line (the process died mid-append) ends the replay there. A data folder from before the journal
// (dynalite's LevelDB under `<dir>`) is imported once and kept aside as `<dir>.leveldb-imported`.
import { appendFileSync, closeSync, existsSync, mkdirSync, openSync, readFileSync, readdirSync, renameSync, writeFileSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import type { EventEmitter } from 'node:events';
import dynalite from 'dynalite';
import { callDynalite, type DynamoListener } from './dynamoTransport';

/** Operations that change state; everything else is never journaled. */
const WRITES = new Set(['BatchWriteItem', 'CreateTable', 'DeleteItem', 'DeleteTable', 'PutItem', 'TagResource', 'UntagResource', 'UpdateItem', 'UpdateTable']);
const TARGET_PREFIX = 'DynamoDB_20120810.';
const DYNALITE_OPTIONS = { createTableMs: 0, deleteTableMs: 0, updateTableMs: 0 };

export interface DynamoStore {
  /** dynalite's request listener, journaling what it accepts. */
  listener: DynamoListener;
  /** Lines the start replayed and items now held, for the start-up log. */
  loaded: { replayed: number; items: number; imported: boolean };
  close(): Promise<void>;
}

interface ServerLike extends EventEmitter {
  listen(port: number, host: string, cb: () => void): void;
  close(cb: (error?: Error) => void): void;
}

const listenerOf = (server: ServerLike): DynamoListener => (req, res) => void server.emit('request', req, res);

/** Wraps dynalite's listener: an accepted write is appended to the journal before its answer goes out. */
function journaling(inner: DynamoListener, append: (line: string) => void): DynamoListener {
  return (req, res) => {
    const incoming = req as EventEmitter & { headers: Record<string, string | string[] | undefined> };
    const operation = String(incoming.headers['x-amz-target'] ?? '').replace(TARGET_PREFIX, '');
    if (!WRITES.has(operation)) return inner(req, res);
    const chunks: Buffer[] = [];
    incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
    const out = res as { statusCode: number; end: (...args: unknown[]) => unknown };
    const end = out.end;
    out.end = (...args: unknown[]) => {
      // JSON never holds a raw newline inside a string, so one between tokens can become a space.
      if (out.statusCode === 200) append(`${operation} ${Buffer.concat(chunks).toString('utf8').replace(/\n/g, ' ')}\n`);
      return end.apply(out, args);
    };
    return inner(req, res);
  };
}

/**
 * Applies one journaled operation. Table operations finish asynchronously in dynalite (even with 0 ms
 * delays), so the next line waits until the table is ACTIVE again, or gone.
 */
async function apply(listener: DynamoListener, operation: string, body: string): Promise<void> {
  await callDynalite(listener, operation, body);
  if (!operation.endsWith('Table')) return;
  const TableName = (JSON.parse(body) as { TableName: string }).TableName;
  for (let attempt = 0; attempt < 500; attempt += 1) {
    try {
      const { Table } = await callDynalite<{ Table: { TableStatus: string } }>(listener, 'DescribeTable', { TableName });
      if (operation !== 'DeleteTable' && Table.TableStatus === 'ACTIVE') return;
    } catch (error) {
      if ((error as Error).name === 'ResourceNotFoundException' && operation === 'DeleteTable') return;
      throw error;
    }
    await new Promise((resolve) => setTimeout(resolve, 2));
  }
  throw new Error(`${operation} ${TableName} did not settle`);
}

async function replay(listener: DynamoListener, journal: string): Promise<number> {
  if (!existsSync(journal)) return 0;
  const lines = readFileSync(journal, 'utf8').split('\n');
  let count = 0;
  for (const line of lines) {
    if (!line) continue;
    const space = line.indexOf(' ');
    const operation = line.slice(0, space);
    const body = line.slice(space + 1);
    try {
      JSON.parse(body);
    } catch {
      console.warn(`[local] ${journal}: ignoring a torn last write (line ${count + 1})`);
      break;
    }
    await apply(listener, operation, body);
    count += 1;
  }
  return count;
}

interface TableDescription {
  TableName: string;
  AttributeDefinitions: unknown[];
  KeySchema: unknown[];
  GlobalSecondaryIndexes?: { IndexName: string; KeySchema: unknown; Projection: unknown }[];
  LocalSecondaryIndexes?: { IndexName: string; KeySchema: unknown; Projection: unknown }[];
}

/** Every table as the journal lines that recreate it: CreateTable, then its items 25 to a line (with their count). */
async function* exportLines(listener: DynamoListener): AsyncGenerator<{ line: string; items: number }> {
  let start: string | undefined;
  do {
    const page = await callDynalite<{ TableNames: string[]; LastEvaluatedTableName?: string }>(listener, 'ListTables', start ? { ExclusiveStartTableName: start } : {});
    for (const name of page.TableNames) {
      const { Table } = await callDynalite<{ Table: TableDescription }>(listener, 'DescribeTable', { TableName: name });
      const indexes = (list?: TableDescription['GlobalSecondaryIndexes']) =>
        list?.length ? list.map(({ IndexName, KeySchema, Projection }) => ({ IndexName, KeySchema, Projection })) : undefined;
      const create = `CreateTable ${JSON.stringify({
        TableName: name,
        BillingMode: 'PAY_PER_REQUEST',
        AttributeDefinitions: Table.AttributeDefinitions,
        KeySchema: Table.KeySchema,
        GlobalSecondaryIndexes: indexes(Table.GlobalSecondaryIndexes),
        LocalSecondaryIndexes: indexes(Table.LocalSecondaryIndexes),
      })}`;
      yield { line: create, items: 0 };
      let from: unknown;
      do {
        const scan = await callDynalite<{ Items: unknown[]; LastEvaluatedKey?: unknown }>(listener, 'Scan', { TableName: name, ExclusiveStartKey: from });
        for (let i = 0; i < scan.Items.length; i += 25) {
          const batch = scan.Items.slice(i, i + 25);
          yield { line: `BatchWriteItem ${JSON.stringify({ RequestItems: { [name]: batch.map((Item) => ({ PutRequest: { Item } })) } })}`, items: batch.length };
        }
        from = scan.LastEvaluatedKey;
      } while (from);
    }
    start = page.LastEvaluatedTableName;
  } while (start);
}

/** Rewrites the journal as the current state (written aside, then renamed over it). */
async function compact(listener: DynamoListener, journal: string): Promise<number> {
  const lines: string[] = [];
  let items = 0;
  for await (const exported of exportLines(listener)) {
    lines.push(exported.line);
    items += exported.items;
  }
  writeFileSync(`${journal}.tmp`, lines.length ? `${lines.join('\n')}\n` : '');
  renameSync(`${journal}.tmp`, journal);
  return items;
}

/** Imports a data folder that dynalite kept in LevelDB (before the journal) into `listener`. */
async function importLevelDb(dir: string, listener: DynamoListener): Promise<boolean> {
  if (!existsSync(join(dir, 'CURRENT'))) return false;
  const old = dynalite({ path: dir, ...DYNALITE_OPTIONS }) as unknown as ServerLike;
  await new Promise<void>((resolve) => old.listen(0, '127.0.0.1', resolve));
  try {
    for await (const { line } of exportLines(listenerOf(old))) {
      const space = line.indexOf(' ');
      await apply(listener, line.slice(0, space), line.slice(space + 1));
    }
  } finally {
    // Closing the server closes its LevelDB.
    await new Promise<void>((resolve, reject) => old.close((error) => (error ? reject(error) : resolve())));
  }
  return true;
}

export async function openDynamoStore(dir: string): Promise<DynamoStore> {
  const server = dynalite(DYNALITE_OPTIONS) as unknown as ServerLike;
  const memory = listenerOf(server);
  const journal = join(dir, 'journal.jsonl');
  const legacy = existsSync(dir) && !existsSync(journal) && readdirSync(dir).includes('CURRENT');
  let imported = false;
  if (legacy) {
    imported = await importLevelDb(dir, memory);
    renameSync(dir, `${dir}.leveldb-imported`);
  }
  mkdirSync(dir, { recursive: true });
  const replayed = await replay(memory, journal);
  const items = await compact(memory, journal);
  // Opened once for appending: every write lands at the end, in the order dynalite accepted them (a
  // straggler after close() still does, through a short-lived descriptor).
  let fd: number | null = openSync(journal, 'a');
  const append = (line: string) => (fd === null ? appendFileSync(journal, line) : writeSync(fd, line));
  return {
    listener: journaling(memory, append),
    loaded: { replayed, items, imported },
    // Nothing to flush: every accepted write is already in the journal.
    async close() {
      if (fd !== null) closeSync(fd);
      fd = null;
    },
  };
}
