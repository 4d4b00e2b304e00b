// The local cloud's IAM: a function's AWS calls (through the functions' own clients, in-process for
// DynamoDB and S3, over the edge's HTTP for SQS, SES and @connections) succeed only where its role in
// infra/aws/accessTable.ts grants the action on that resource, and fail with the error the SDK raises on
// AWS; calls from outside any invocation are not checked.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CreateTableCommand, DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { GetCommand, PutCommand, QueryCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { CreateBucketCommand, GetObjectCommand, PutObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import { CreateQueueCommand, SendMessageCommand, type SQSClient } from '@aws-sdk/client-sqs';
import { SendEmailCommand } from '@aws-sdk/client-sesv2';
import { PostToConnectionCommand } from '@aws-sdk/client-apigatewaymanagementapi';
import { startEdge, type Edge } from '../../../../infra/local/edge';
import { Connections } from '../../../../infra/local/gateway/connections';
import { localNames } from '../../../../infra/local/config';
import { awsGuard } from '../../../../infra/local/iam/awsGuard';
import { localIam } from '../../../../infra/local/iam/localIam';
import { invokingModule, runAs } from '../../../../infra/local/iam/invocation';
import { setInvokerSource } from '../../../../functions/ports/invoker';
import { makeDocumentClient, makeManagementClient, makeS3Client, makeSesClient, makeSqsClient } from '../../../../functions/ports/awsClients';

const region = 'us-east-1';
const names = localNames('iam-test');

/** The error a call raises, or null when it succeeds. */
const failure = async (call: () => Promise<unknown>) => {
  try {
    await call();
    return null;
  } catch (error) {
    const e = error as { name: string; message: string; $metadata?: { httpStatusCode?: number } };
    return { name: e.name, message: e.message, status: e.$metadata?.httpStatusCode };
  }
};

describe('local IAM', () => {
  let edge: Edge;
  let dataDir: string;
  let doc: DynamoDBDocumentClient;
  let s3: S3Client;
  let sqs: SQSClient;
  const queueUrls: Record<string, string> = {};
  const saved: Record<string, string | undefined> = {};

  beforeAll(async () => {
    const env = { AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true', AWS_ACCESS_KEY_ID: 'local', AWS_SECRET_ACCESS_KEY: 'local', AWS_REGION: region, S3_FORCE_PATH_STYLE: '1' };
    dataDir = mkdtempSync(join(tmpdir(), 'sqlscape-iam-'));
    const guard = awsGuard(localIam({ names, region, moduleAccess: { me: ['mainRead'], eventLog: [] } }));
    edge = await startEdge({ dataDir, port: 0, host: '127.0.0.1', region, connections: new Connections(), emulate: true, guard });
    for (const [key, value] of Object.entries({ ...env, AWS_ENDPOINT_URL: edge.url })) {
      saved[key] = process.env[key];
      process.env[key] = value;
    }
    setInvokerSource(invokingModule);
    doc = makeDocumentClient(edge.dynamoTransport!);
    s3 = makeS3Client(edge.s3Transport!);
    sqs = makeSqsClient();
    // Provisioning runs outside any invocation: nothing is checked.
    const raw = new DynamoDBClient({ region, ...edge.dynamoTransport! });
    for (const name of Object.values(names.tables)) {
      await raw.send(
        new CreateTableCommand({
          TableName: name,
          AttributeDefinitions: [{ AttributeName: 'pk', AttributeType: 'S' }],
          KeySchema: [{ AttributeName: 'pk', KeyType: 'HASH' }],
          BillingMode: 'PAY_PER_REQUEST',
        }),
      );
    }
    await s3.send(new CreateBucketCommand({ Bucket: names.bucket }));
    for (const q of Object.values(names.queues)) {
      queueUrls[q.name] = (await sqs.send(new CreateQueueCommand({ QueueName: q.name }))).QueueUrl!;
      queueUrls[q.dlqName] = (await sqs.send(new CreateQueueCommand({ QueueName: q.dlqName }))).QueueUrl!;
    }
  });
  afterAll(async () => {
    setInvokerSource(undefined);
    for (const [key, value] of Object.entries(saved)) {
      if (value === undefined) delete process.env[key];
      else process.env[key] = value;
    }
    await edge?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('lets a function read the table its role reads and refuses a write outside its grant with AccessDeniedException', async () => {
    const item = { pk: 'ITEM#1', value: 1 };
    // Outside any invocation (seeding): not checked.
    expect(await failure(() => doc.send(new PutCommand({ TableName: names.tables.main, Item: item })))).toBeNull();

    const read = await runAs('me', () => doc.send(new GetCommand({ TableName: names.tables.main, Key: { pk: 'ITEM#1' } })));
    expect(read.Item).toEqual(item);
    const write = await runAs('me', () => failure(() => doc.send(new PutCommand({ TableName: names.tables.main, Item: { pk: 'ITEM#2' } }))));
    expect(write).toMatchObject({ name: 'AccessDeniedException', status: 400 });
    expect(write!.message).toContain(`not authorized to perform: dynamodb:PutItem on resource: arn:aws:dynamodb:${region}:000000000000:table/${names.tables.main}`);
    // The write did not happen.
    expect((await doc.send(new GetCommand({ TableName: names.tables.main, Key: { pk: 'ITEM#2' } }))).Item).toBeUndefined();
    // A table the role does not name at all.
    const other = await runAs('me', () => failure(() => doc.send(new QueryCommand({ TableName: names.tables.connections, KeyConditionExpression: 'pk = :p', ExpressionAttributeValues: { ':p': 'x' } }))));
    expect(other).toMatchObject({ name: 'AccessDeniedException' });
    // The override took eventLog's grants away: even its own writes fail.
    expect(await runAs('eventLog', () => failure(() => doc.send(new PutCommand({ TableName: names.tables.main, Item: { pk: 'LOG#1' } }))))).toMatchObject({ name: 'AccessDeniedException' });
  });

  it('keeps overlapping invocations of different functions apart', async () => {
    const put = (module: string, pk: string) => runAs(module, () => failure(() => doc.send(new PutCommand({ TableName: names.tables.main, Item: { pk } }))));
    const [denied, allowed] = await Promise.all([put('me', 'A'), put('kv', 'B')]);
    expect(denied).toMatchObject({ name: 'AccessDeniedException' });
    expect(allowed).toBeNull();
  });

  it('answers S3 AccessDenied (403) for an object action the role lacks', async () => {
    await s3.send(new PutObjectCommand({ Bucket: names.bucket, Key: 'results/a.json', Body: '{}' }));
    const got = await runAs('queries', () => s3.send(new GetObjectCommand({ Bucket: names.bucket, Key: 'results/a.json' })));
    expect(await got.Body!.transformToString()).toBe('{}');
    expect(await runAs('queries', () => failure(() => s3.send(new PutObjectCommand({ Bucket: names.bucket, Key: 'results/b.json', Body: '{}' }))))).toMatchObject({
      name: 'AccessDenied',
      status: 403,
    });
    expect(await runAs('me', () => failure(() => s3.send(new GetObjectCommand({ Bucket: names.bucket, Key: 'results/a.json' }))))).toMatchObject({ name: 'AccessDenied', status: 403 });
    expect(await runAs('sqllab', () => failure(() => s3.send(new PutObjectCommand({ Bucket: names.bucket, Key: 'results/b.json', Body: '{}' }))))).toBeNull();
  });

  it('checks SQS sends against the queues the role names', async () => {
    const queue = queueUrls[names.queues.queries.name];
    expect(await runAs('sqllab', () => failure(() => sqs.send(new SendMessageCommand({ QueueUrl: queue, MessageBody: '{}' }))))).toBeNull();
    expect(await runAs('queries', () => failure(() => sqs.send(new SendMessageCommand({ QueueUrl: queue, MessageBody: '{}' }))))).toMatchObject({ name: 'AccessDenied', status: 403 });
    // enqueue names the work queues, not their dead-letter queues.
    const dlq = queueUrls[names.queues.queries.dlqName];
    expect(await runAs('sqllab', () => failure(() => sqs.send(new SendMessageCommand({ QueueUrl: dlq, MessageBody: '{}' }))))).toMatchObject({ name: 'AccessDenied' });
  });

  it('checks SES v2 sends and @connections posts', async () => {
    const ses = makeSesClient();
    const email = new SendEmailCommand({
      FromEmailAddress: 'reports@example.com',
      Destination: { ToAddresses: ['a@example.com'] },
      Content: { Simple: { Subject: { Data: 's' }, Body: { Text: { Data: 'b' } } } },
    });
    expect(await runAs('reportWorker', () => failure(() => ses.send(email)))).toBeNull();
    expect(await runAs('reports', () => failure(() => ses.send(email)))).toMatchObject({ name: 'AccessDeniedException', status: 403 });

    const push = makeManagementClient(edge.url);
    const post = new PostToConnectionCommand({ ConnectionId: 'nobody', Data: Buffer.from('{}') });
    // Allowed, and the connection is not open.
    expect(await runAs('queryWorker', () => failure(() => push.send(post)))).toMatchObject({ name: 'GoneException' });
    expect(await runAs('queries', () => failure(() => push.send(post)))).toMatchObject({ name: 'AccessDeniedException', status: 403 });
  });
});
