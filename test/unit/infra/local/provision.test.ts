import { describe, expect, it } from 'vitest';
import { createTableInput } from '../../../../infra/local/provision';
import { TABLES } from '../../../../shared/resources/index';

describe('tables from shared/resources/', () => {
  it('creates the main table with its keys and its GSIs, the id lookup index keys only', () => {
    const input = createTableInput('x-main', TABLES.main);
    expect(input.KeySchema).toEqual([
      { AttributeName: 'pk', KeyType: 'HASH' },
      { AttributeName: 'sk', KeyType: 'RANGE' },
    ]);
    expect(input.GlobalSecondaryIndexes?.map((i) => [i.IndexName, i.KeySchema.map((k) => k.AttributeName)])).toEqual([
      ['gsi1', ['gsi1pk', 'gsi1sk']],
      ['gsi2', ['gsi2pk', 'gsi2sk']],
      ['gsi3', ['gsi3pk']],
    ]);
    expect(input.GlobalSecondaryIndexes?.map((i) => i.Projection.ProjectionType)).toEqual(['ALL', 'ALL', 'KEYS_ONLY']);
    expect(input.AttributeDefinitions.every((a) => a.AttributeType === 'S')).toBe(true);
  });

  it('types the connections byUser keys as numbers, as the connection items store them', () => {
    const input = createTableInput('x-connections', TABLES.connections);
    expect(input.KeySchema).toEqual([{ AttributeName: 'connectionId', KeyType: 'HASH' }]);
    expect(Object.fromEntries(input.AttributeDefinitions.map((a) => [a.AttributeName, a.AttributeType]))).toEqual({
      connectionId: 'S',
      userId: 'N',
      connectedAt: 'N',
    });
  });
});

describe('a data folder made before an index was declared', () => {
  it('gets its table rebuilt with the index, every item kept and found through it', async () => {
    const { default: dynalite } = await import('dynalite');
    const { DynamoDBClient, CreateTableCommand, PutItemCommand, QueryCommand, DescribeTableCommand, ScanCommand } = await import('@aws-sdk/client-dynamodb');
    const { ensureTable } = await import('../../../../infra/local/provision');
    const server = dynalite({ createTableMs: 0, deleteTableMs: 0, updateTableMs: 0 });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as { port: number };
    const client = new DynamoDBClient({ endpoint: `http://127.0.0.1:${port}`, region: 'us-east-1', credentials: { accessKeyId: 'x', secretAccessKey: 'x' } });
    try {
      const before = { ...TABLES.main, indexes: TABLES.main.indexes.filter((i) => i.name !== 'gsi3') };
      await client.send(new CreateTableCommand(createTableInput('old-main', before)));
      for (let i = 0; i < 60; i += 1) {
        await client.send(new PutItemCommand({ TableName: 'old-main', Item: { pk: { S: `QUERY#c${i}` }, sk: { S: 'QUERY' }, gsi3pk: { S: `QUERYID#${i}` }, n: { N: String(i) } } }));
      }
      const log = console.log;
      console.log = () => undefined;
      try {
        expect(await ensureTable(client, 'old-main', TABLES.main, 'rebuild')).toBe(false);
      } finally {
        console.log = log;
      }
      const { Table } = await client.send(new DescribeTableCommand({ TableName: 'old-main' }));
      expect(Table?.GlobalSecondaryIndexes?.map((i) => i.IndexName).sort()).toEqual(['gsi1', 'gsi2', 'gsi3']);
      expect((await client.send(new ScanCommand({ TableName: 'old-main' }))).Count).toBe(60);
      const found = await client.send(
        new QueryCommand({ TableName: 'old-main', IndexName: 'gsi3', KeyConditionExpression: 'gsi3pk = :k', ExpressionAttributeValues: { ':k': { S: 'QUERYID#42' } } }),
      );
      expect(found.Items?.map((item) => item.pk.S)).toEqual(['QUERY#c42']);
      // Up to date: nothing to do the next time.
      expect(await ensureTable(client, 'old-main', TABLES.main, 'rebuild')).toBe(false);
    } finally {
      client.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});
