// Creates the tables, bucket and queues of shared/resources/ through the AWS SDK, idempotently.
// Going through the SDK (not the emulators' internals) means the same code provisions LocalStack or a
// real account when AWS_ENDPOINT_URL points there.
import {
  BatchWriteItemCommand,
  CreateTableCommand,
  DeleteTableCommand,
  DescribeTableCommand,
  ScanCommand,
  UpdateTableCommand,
  waitUntilTableNotExists,
  type AttributeValue,
  DynamoDBClient,
  ResourceNotFoundException,
  waitUntilTableExists,
  type AttributeDefinition,
  type KeySchemaElement,
} from '@aws-sdk/client-dynamodb';
import { CreateBucketCommand, HeadBucketCommand, S3Client } from '@aws-sdk/client-s3';
import { CreateQueueCommand, GetQueueAttributesCommand, SetQueueAttributesCommand, SQSClient } from '@aws-sdk/client-sqs';
import { TABLES, QUEUES, keyAttributeType, type TableDef, type QueueName } from '../../shared/resources/index';
import { localVisibilityTimeout, type LocalNames } from './config';

function keySchema(partitionKey: string, sortKey?: string): KeySchemaElement[] {
  return sortKey
    ? [{ AttributeName: partitionKey, KeyType: 'HASH' }, { AttributeName: sortKey, KeyType: 'RANGE' }]
    : [{ AttributeName: partitionKey, KeyType: 'HASH' }];
}

/** The CreateTable input for a definition. */
export function createTableInput(name: string, def: TableDef) {
  const keys = new Set([def.partitionKey, def.sortKey, ...def.indexes.flatMap((i) => [i.partitionKey, i.sortKey])]);
  const attributes: AttributeDefinition[] = [...keys]
    .filter((k): k is string => Boolean(k))
    .map((k) => ({ AttributeName: k, AttributeType: keyAttributeType(def, k) }));
  return {
    TableName: name,
    BillingMode: 'PAY_PER_REQUEST' as const,
    AttributeDefinitions: attributes,
    KeySchema: keySchema(def.partitionKey, def.sortKey),
    GlobalSecondaryIndexes: def.indexes.length
      ? def.indexes.map((i) => ({
          IndexName: i.name,
          KeySchema: keySchema(i.partitionKey, i.sortKey),
          Projection: { ProjectionType: i.keysOnly ? ('KEYS_ONLY' as const) : ('ALL' as const) },
        }))
      : undefined,
  };
}

async function createTable(client: DynamoDBClient, name: string, def: TableDef) {
  await client.send(new CreateTableCommand(createTableInput(name, def)));
  await waitUntilTableExists({ client, maxWaitTime: 60, minDelay: 1 }, { TableName: name });
}

/**
 * dynalite cannot add an index to a table (it accepts the UpdateTable and ignores it), so a data folder
 * made before an index was declared gets its table rebuilt: every item read, the table recreated
 * with the declared indexes, the items written back (the indexes fill as they are).
 */
async function rebuildTable(client: DynamoDBClient, name: string, def: TableDef): Promise<number> {
  const items: Record<string, AttributeValue>[] = [];
  let start: Record<string, AttributeValue> | undefined;
  do {
    const page = await client.send(new ScanCommand({ TableName: name, ExclusiveStartKey: start }));
    items.push(...(page.Items ?? []));
    start = page.LastEvaluatedKey;
  } while (start);
  await client.send(new DeleteTableCommand({ TableName: name }));
  await waitUntilTableNotExists({ client, maxWaitTime: 60, minDelay: 1 }, { TableName: name });
  await createTable(client, name, def);
  for (let i = 0; i < items.length; i += 25) {
    let pending: { PutRequest: { Item: Record<string, AttributeValue> } }[] = items.slice(i, i + 25).map((Item) => ({ PutRequest: { Item } }));
    while (pending.length) {
      const out = await client.send(new BatchWriteItemCommand({ RequestItems: { [name]: pending } }));
      pending = (out.UnprocessedItems?.[name] ?? []) as typeof pending;
    }
  }
  return items.length;
}

/** What to do about an index declared in shared/resources/ that an existing table lacks. */
export type MissingIndexPolicy = 'rebuild' | 'create';

export async function ensureTable(client: DynamoDBClient, name: string, def: TableDef, missingIndexes: MissingIndexPolicy): Promise<boolean> {
  try {
    const { Table } = await client.send(new DescribeTableCommand({ TableName: name }));
    const present = new Set((Table?.GlobalSecondaryIndexes ?? []).map((i) => i.IndexName));
    const missing = def.indexes.filter((i) => !present.has(i.name));
    if (!missing.length) return false;
    if (missingIndexes === 'rebuild') {
      const count = await rebuildTable(client, name, def);
      console.log(`[local] table ${name} rebuilt with index ${missing.map((i) => i.name).join(', ')} (${count} items kept)`);
      return false;
    }
    // DynamoDB (and LocalStack) build an index online; one at a time.
    const input = createTableInput(name, def);
    for (const index of missing) {
      const created = input.GlobalSecondaryIndexes!.find((i) => i.IndexName === index.name)!;
      await client.send(
        new UpdateTableCommand({
          TableName: name,
          AttributeDefinitions: input.AttributeDefinitions,
          GlobalSecondaryIndexUpdates: [{ Create: created }],
        }),
      );
    }
    return false;
  } catch (error) {
    if (!(error instanceof ResourceNotFoundException) && (error as Error).name !== 'ResourceNotFoundException') throw error;
  }
  await createTable(client, name, def);
  return true;
}

async function ensureBucket(client: S3Client, bucket: string): Promise<boolean> {
  try {
    await client.send(new HeadBucketCommand({ Bucket: bucket }));
    return false;
  } catch {
    await client.send(new CreateBucketCommand({ Bucket: bucket }));
    return true;
  }
}

/** Creates a queue and its DLQ with the redrive policy; attributes are (re)applied every start. */
async function ensureQueue(client: SQSClient, key: QueueName, names: LocalNames, env: NodeJS.ProcessEnv) {
  const def = QUEUES[key];
  const visibility = String(localVisibilityTimeout(def, env));
  const { QueueUrl: dlqUrl } = await client.send(new CreateQueueCommand({ QueueName: names.queues[key].dlqName }));
  await client.send(
    new SetQueueAttributesCommand({
      QueueUrl: dlqUrl,
      Attributes: { VisibilityTimeout: visibility, MessageRetentionPeriod: String(14 * 24 * 3600) },
    }),
  );
  const { Attributes } = await client.send(new GetQueueAttributesCommand({ QueueUrl: dlqUrl, AttributeNames: ['QueueArn'] }));
  const { QueueUrl: url } = await client.send(new CreateQueueCommand({ QueueName: names.queues[key].name }));
  await client.send(
    new SetQueueAttributesCommand({
      QueueUrl: url,
      Attributes: {
        VisibilityTimeout: visibility,
        RedrivePolicy: JSON.stringify({ deadLetterTargetArn: Attributes!.QueueArn, maxReceiveCount: def.maxReceiveCount }),
      },
    }),
  );
  return { url: url!, dlqUrl: dlqUrl! };
}

export interface Provisioned {
  queueUrls: Record<QueueName, { url: string; dlqUrl: string }>;
  /** True when any table was created now: a cold start. */
  created: boolean;
}

export interface ProvisionOptions {
  /** 'rebuild' for the emulators (dynalite), 'create' where UpdateTable builds indexes (AWS, LocalStack). */
  missingIndexes: MissingIndexPolicy;
  env?: NodeJS.ProcessEnv;
}

export async function provision(names: LocalNames, region: string, options: ProvisionOptions): Promise<Provisioned> {
  const env = options.env ?? process.env;
  const dynamo = new DynamoDBClient({ region });
  const s3 = new S3Client({ region, forcePathStyle: true });
  const sqs = new SQSClient({ region });
  try {
    const tables = await Promise.all(
      Object.entries(TABLES).map(([key, def]) => ensureTable(dynamo, names.tables[key as keyof typeof TABLES], def, options.missingIndexes)),
    );
    const bucket = await ensureBucket(s3, names.bucket);
    const queueUrls = {} as Provisioned['queueUrls'];
    for (const key of Object.keys(QUEUES) as QueueName[]) queueUrls[key] = await ensureQueue(sqs, key, names, env);
    return { queueUrls, created: tables.some(Boolean) || bucket };
  } finally {
    dynamo.destroy();
    s3.destroy();
    sqs.destroy();
  }
}
