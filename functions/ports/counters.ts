// Integer ids as Superset exposes them (databases, queries, saved queries, tabs...), from an atomic
// counter item per entity kind in the main table.
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { Tables } from './tables';
import { KEYS } from '../../shared/resources/keys';

export async function nextId(tables: Tables, kind: string): Promise<number> {
  const out = await tables.doc.send(
    new UpdateCommand({
      TableName: tables.name('main'),
      Key: KEYS.counter(kind),
      UpdateExpression: 'ADD #v :one',
      ExpressionAttributeNames: { '#v': 'value' },
      ExpressionAttributeValues: { ':one': 1 },
      ReturnValues: 'UPDATED_NEW',
    }),
  );
  return Number(out.Attributes?.value);
}
