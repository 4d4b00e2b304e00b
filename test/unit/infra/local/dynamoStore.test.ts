import { appendFileSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CreateTableCommand, DynamoDBClient, waitUntilTableExists } from '@aws-sdk/client-dynamodb';
import { DeleteCommand, DynamoDBDocumentClient, GetCommand, PutCommand, QueryCommand, ScanCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import dynalite from 'dynalite';
import { openDynamoStore, type DynamoStore } from '../../../../infra/local/dynamoStore';
import { inProcessDynamoTransport } from '../../../../infra/local/dynamoTransport';
import { createTableInput } from '../../../../infra/local/provision';
import { TABLES } from '../../../../shared/resources/index';

const dirs: string[] = [];
const newDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'dynamo-store-'));
  dirs.push(dir);
  return join(dir, 'dynamodb');
};
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const docFor = (store: DynamoStore) =>
  DynamoDBDocumentClient.from(new DynamoDBClient({ region: 'us-east-1', ...inProcessDynamoTransport(store.listener) }));

async function createMain(doc: DynamoDBDocumentClient) {
  await doc.send(new CreateTableCommand(createTableInput('main-table', TABLES.main)));
  await waitUntilTableExists({ client: doc as unknown as DynamoDBClient, maxWaitTime: 10, minDelay: 1 }, { TableName: 'main-table' });
}

const scanAll = async (doc: DynamoDBDocumentClient) =>
  ((await doc.send(new ScanCommand({ TableName: 'main-table' }))).Items ?? []).sort((a, b) => String(a.pk).localeCompare(String(b.pk)));

describe('local DynamoDB store (dynalite in memory, journaled)', () => {
  it('comes back after a restart exactly as it was: puts, updates, deletes, indexes', async () => {
    const dir = newDir();
    const first = await openDynamoStore(dir);
    const doc = docFor(first);
    await createMain(doc);
    for (let i = 0; i < 60; i += 1) {
      await doc.send(new PutCommand({ TableName: 'main-table', Item: { pk: `Q#${i}`, sk: 'Q', gsi3pk: `ID#${i}`, n: i, body: Buffer.from([i, 255]) } }));
    }
    await doc.send(new UpdateCommand({ TableName: 'main-table', Key: { pk: 'Q#1', sk: 'Q' }, UpdateExpression: 'ADD n :one', ExpressionAttributeValues: { ':one': 100 } }));
    await doc.send(new DeleteCommand({ TableName: 'main-table', Key: { pk: 'Q#2', sk: 'Q' } }));
    // Refused writes change nothing and are not replayed.
    await expect(
      doc.send(new PutCommand({ TableName: 'main-table', Item: { pk: 'Q#3', sk: 'Q', n: -1 }, ConditionExpression: 'attribute_not_exists(pk)' })),
    ).rejects.toMatchObject({ name: 'ConditionalCheckFailedException' });
    const before = await scanAll(doc);
    await first.close();

    const second = await openDynamoStore(dir);
    const again = docFor(second);
    expect(second.loaded).toMatchObject({ items: 59, imported: false });
    expect(await scanAll(again)).toEqual(before);
    expect((await again.send(new GetCommand({ TableName: 'main-table', Key: { pk: 'Q#1', sk: 'Q' } }))).Item?.n).toBe(101);
    const byIndex = await again.send(
      new QueryCommand({ TableName: 'main-table', IndexName: 'gsi3', KeyConditionExpression: 'gsi3pk = :k', ExpressionAttributeValues: { ':k': 'ID#42' } }),
    );
    expect(byIndex.Items?.map((item) => item.pk)).toEqual(['Q#42']);
    // Compacted at the start: the table, then its items 25 to a line.
    const lines = readFileSync(join(dir, 'journal.jsonl'), 'utf8').trim().split('\n');
    expect(lines.map((line) => line.split(' ')[0])).toEqual(['CreateTable', 'BatchWriteItem', 'BatchWriteItem', 'BatchWriteItem']);
    await second.close();
  });

  it('ignores a write torn by a crash mid-append, keeping everything before it', async () => {
    const dir = newDir();
    const first = await openDynamoStore(dir);
    const doc = docFor(first);
    await createMain(doc);
    await doc.send(new PutCommand({ TableName: 'main-table', Item: { pk: 'kept', sk: 'x' } }));
    appendFileSync(join(dir, 'journal.jsonl'), 'PutItem {"TableName":"main-table","Item":{"pk":{"S":"to');
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    try {
      const second = await openDynamoStore(dir);
      expect((await scanAll(docFor(second))).map((item) => item.pk)).toEqual(['kept']);
      expect(warn).toHaveBeenCalledWith(expect.stringContaining('torn'));
    } finally {
      warn.mockRestore();
    }
  });

  it('imports a data folder dynalite kept in LevelDB, once, and keeps the old folder aside', async () => {
    const dir = newDir();
    const old = dynalite({ path: dir, createTableMs: 0 });
    await new Promise<void>((resolve) => old.listen(0, '127.0.0.1', () => resolve()));
    const { port } = old.address() as { port: number };
    const doc = DynamoDBDocumentClient.from(
      new DynamoDBClient({ region: 'us-east-1', endpoint: `http://127.0.0.1:${port}`, credentials: { accessKeyId: 'x', secretAccessKey: 'x' } }),
    );
    await createMain(doc);
    await doc.send(new PutCommand({ TableName: 'main-table', Item: { pk: 'old', sk: 'x', v: 'from LevelDB' } }));
    doc.destroy();
    await new Promise<void>((resolve, reject) => old.close((error?: Error) => (error ? reject(error) : resolve())));

    const store = await openDynamoStore(dir);
    expect(store.loaded).toMatchObject({ imported: true, items: 1 });
    expect(await scanAll(docFor(store))).toEqual([{ pk: 'old', sk: 'x', v: 'from LevelDB' }]);
    expect(existsSync(`${dir}.leveldb-imported`)).toBe(true);
    const reopened = await openDynamoStore(dir);
    expect(reopened.loaded).toMatchObject({ imported: false, items: 1 });
  });
});
