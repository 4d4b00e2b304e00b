import { describe, expect, it } from 'vitest';
import { createTableInput } from '../../../../infra/local/provision';
import { TABLES } from '../../../../infra/aws/resources';

describe('tables from infra/aws/resources.ts', () => {
  it('creates the main table with its keys and both GSIs', () => {
    const input = createTableInput('x-main', TABLES.main);
    expect(input.KeySchema).toEqual([
      { AttributeName: 'pk', KeyType: 'HASH' },
      { AttributeName: 'sk', KeyType: 'RANGE' },
    ]);
    expect(input.GlobalSecondaryIndexes?.map((i) => [i.IndexName, i.KeySchema.map((k) => k.AttributeName)])).toEqual([
      ['gsi1', ['gsi1pk', 'gsi1sk']],
      ['gsi2', ['gsi2pk', 'gsi2sk']],
    ]);
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
