// Plain-data definitions of the stateful resources and schedules. The CDK stacks build them and
// infra/local creates the very same tables, queues and cron rules from here.

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

/** Timeout of the functions behind the HTTP API, whose integrations give up at 30 s (infra/local uses it too). */
export const API_FUNCTION_TIMEOUT_SECONDS = 29;

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

export interface QueueDef {
  env: string;
  /** The worker handler module (functions/handlers/<module>.ts) fed by this queue. */
  worker: string;
  /** Worker Lambda timeout; the queue's visibility timeout is 6x this, as AWS recommends. */
  workerTimeoutSeconds: number;
  batchSize: number;
  /** Receives before a message moves to the dead-letter queue. */
  maxReceiveCount: number;
  /** Handler module that drains the dead-letter queue (marks the work failed). */
  deadLetterWorker?: string;
}

export const QUEUES = {
  queries: {
    env: 'QUERY_QUEUE_URL',
    worker: 'queryWorker',
    workerTimeoutSeconds: 660,
    batchSize: 1,
    maxReceiveCount: 3,
    deadLetterWorker: 'queryDeadLetter',
  },
} satisfies Record<string, QueueDef>;
export type QueueName = keyof typeof QUEUES;

export const visibilityTimeoutSeconds = (q: QueueDef) => q.workerTimeoutSeconds * 6;

export interface ScheduleDef {
  /** EventBridge cron expression (six fields, UTC). */
  cron: string;
  /** Handler module invoked with a scheduled event. */
  handler: string;
  description: string;
}

export const SCHEDULES = {
  everyMinute: {
    cron: 'cron(* * * * ? *)',
    handler: 'scheduler',
    description: 'Runs scheduled saved queries and reports that are due',
  },
} satisfies Record<string, ScheduleDef>;

export const BUCKETS = {
  results: { env: 'RESULTS_BUCKET', expirationDays: 7 },
} as const;

/** Non-HTTP handler modules and what invokes them. */
export const WEBSOCKET_HANDLERS = { connect: 'wsConnect', disconnect: 'wsDisconnect' } as const;

/** Environment variables the functions read, besides the table, queue and bucket ones above. */
export const FUNCTION_ENV = {
  wsCallbackUrl: 'WS_CALLBACK_URL',
  authMode: 'AUTH_MODE',
  localJwtSecret: 'LOCAL_JWT_SECRET',
  cognitoUserPoolId: 'COGNITO_USER_POOL_ID',
  cognitoClientId: 'COGNITO_CLIENT_ID',
  examplesDbPath: 'EXAMPLES_DB_PATH',
  s3ForcePathStyle: 'S3_FORCE_PATH_STYLE',
  /** Bucket and key of the examples DuckDB file in AWS; a function copies it to EXAMPLES_DB_PATH on cold start. */
  examplesS3Bucket: 'EXAMPLES_S3_BUCKET',
  examplesS3Key: 'EXAMPLES_S3_KEY',
} as const;

/**
 * The examples DuckDB database. `npm start` builds `localFile`; `cdk deploy` uploads it to its own
 * bucket (not the results bucket, whose lifecycle rule would expire it) under `s3Key`, and functions
 * fetch it to `lambdaPath` (/tmp is the only writable place in Lambda).
 */
export const EXAMPLES = {
  localFile: '.data/examples.duckdb',
  s3Key: 'examples/examples.duckdb',
  lambdaPath: '/tmp/examples.duckdb',
} as const;
