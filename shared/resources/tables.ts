// The DynamoDB tables as plain data. The CDK stacks (infra/aws) create them, infra/local creates the
// very same ones, and functions/ports reads their environment variables. Key layout of `main`: keys.ts.

export interface TableDef {
  /** Environment variable that carries the physical table name to the functions. */
  env: string;
  partitionKey: string;
  sortKey?: string;
  /** Global secondary indexes; `keysOnly` projects only the keys (a lookup index, read through to the table). */
  indexes: { name: string; partitionKey: string; sortKey?: string; keysOnly?: boolean }[];
  /** Epoch-seconds attribute; DynamoDB TTL deletes lazily, so readers filter expired items too. */
  ttlAttribute?: string;
  /** Key attributes holding numbers; every other key attribute is a string. */
  numericKeys?: string[];
}

export const keyAttributeType = (def: TableDef, key: string): 'S' | 'N' => (def.numericKeys?.includes(key) ? 'N' : 'S');

export const TABLES = {
  /** Every entity (users, databases, queries, tabs, saved queries, kv, events...), keyed pk/sk. */
  main: {
    env: 'MAIN_TABLE',
    partitionKey: 'pk',
    sortKey: 'sk',
    indexes: [
      { name: 'gsi1', partitionKey: 'gsi1pk', sortKey: 'gsi1sk' },
      { name: 'gsi2', partitionKey: 'gsi2pk', sortKey: 'gsi2sk' },
      // Integer id -> item (queries): maintained by DynamoDB, so creating a query is one write.
      { name: 'gsi3', partitionKey: 'gsi3pk', keysOnly: true },
    ],
    ttlAttribute: 'ttl',
  },
  /** Open WebSocket connections: one item per connection, found by user through byUser. */
  connections: {
    env: 'CONNECTIONS_TABLE',
    partitionKey: 'connectionId',
    indexes: [{ name: 'byUser', partitionKey: 'userId', sortKey: 'connectedAt' }],
    ttlAttribute: 'ttl',
    numericKeys: ['userId', 'connectedAt'],
  },
} satisfies Record<string, TableDef>;
export type TableName = keyof typeof TABLES;
