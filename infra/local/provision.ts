// Creates the tables, bucket and queues of infra/aws/resources.ts through the AWS SDK, idempotently.
// Going through the SDK (not the emulators' internals) means the same code provisions LocalStack or a
// real account when AWS_ENDPOINT_URL points there.
import {
  CreateTableCommand,
  DescribeTableCommand,
  DynamoDBClient,
  ResourceNotFoundException,
  waitUntilTableExists,
  type AttributeDefinition,
  type KeySchemaElement,
} from '@aws-sdk/client-dynamodb';
import { CreateBucketCommand, HeadBucketCommand, S3Client } from '@aws-sdk/client-s3';
import { CreateQueueCommand, GetQueueAttributesCommand, SetQueueAttributesCommand, SQSClient } from '@aws-sdk/client-sqs';
import { TABLES, QUEUES, keyAttributeType, type TableDef, type QueueName } from '../aws/resources';
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
          Projection: { ProjectionType: 'ALL' as const },
        }))
      : undefined,
  };
}

async function ensureTable(client: DynamoDBClient, name: string, def: TableDef): Promise<boolean> {
  try {
    const { Table } = await client.send(new DescribeTableCommand({ TableName: name }));
    // dynalite cannot add an index to an existing table, so an index added to resources.ts after the
    // data folder was created would only show up later as a confusing query error.
    const present = new Set((Table?.GlobalSecondaryIndexes ?? []).map((i) => i.IndexName));
    const missing = def.indexes.filter((i) => !present.has(i.name)).map((i) => i.name);
    if (missing.length) {
      console.warn(`[local] table ${name} lacks index ${missing.join(', ')} declared in infra/aws/resources.ts; delete the data folder's dynamodb/ to recreate it`);
    }
    return false;
  } catch (error) {
    if (!(error instanceof ResourceNotFoundException) && (error as Error).name !== 'ResourceNotFoundException') throw error;
  }
  await client.send(new CreateTableCommand(createTableInput(name, def)));
  await waitUntilTableExists({ client, maxWaitTime: 60, minDelay: 1 }, { TableName: name });
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

export async function provision(names: LocalNames, region: string, env: NodeJS.ProcessEnv = process.env): Promise<Provisioned> {
  const dynamo = new DynamoDBClient({ region });
  const s3 = new S3Client({ region, forcePathStyle: true });
  const sqs = new SQSClient({ region });
  try {
    const tables = await Promise.all(
      Object.entries(TABLES).map(([key, def]) => ensureTable(dynamo, names.tables[key as keyof typeof TABLES], def)),
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
