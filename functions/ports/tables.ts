// The tables port: the DynamoDB document client and the physical table names.
import { QueryCommand, type DynamoDBDocumentClient, type QueryCommandInput } from '@aws-sdk/lib-dynamodb';
import type { TableName } from '../../shared/resources/index';

export interface Tables {
  doc: DynamoDBDocumentClient;
  name: (table: TableName) => string;
}

/** DynamoDB TTL deletes lazily (and dynalite never): readers drop expired items themselves. */
export const isExpired = (item: { ttl?: number } | undefined, nowMs: number) =>
  item?.ttl !== undefined && item.ttl * 1000 <= nowMs;

/** Every item a query of the main table matches, following DynamoDB's pages (1 MB each). */
export async function queryAllItems(
  tables: Tables,
  input: Omit<QueryCommandInput, 'TableName' | 'ExclusiveStartKey'>,
): Promise<Record<string, unknown>[]> {
  const items: Record<string, unknown>[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const out = await tables.doc.send(new QueryCommand({ ...input, TableName: tables.name('main'), ExclusiveStartKey: start }));
    items.push(...(out.Items ?? []));
    start = out.LastEvaluatedKey;
  } while (start);
  return items;
}
