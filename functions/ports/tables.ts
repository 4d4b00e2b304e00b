// The tables port: the DynamoDB document client and the physical table names.
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { TableName } from '../../infra/aws/resources';

export interface Tables {
  doc: DynamoDBDocumentClient;
  name: (table: TableName) => string;
}

/** DynamoDB TTL deletes lazily (and dynalite never): readers drop expired items themselves. */
export const isExpired = (item: { ttl?: number } | undefined, nowMs: number) =>
  item?.ttl !== undefined && item.ttl * 1000 <= nowMs;
