// The AWS edge on its own (no handlers, no seeding): the SQS endpoint's long polling and query
// protocol, and the queue poller's Lambda event-source semantics, driven through the real SDK client.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CreateQueueCommand,
  GetQueueAttributesCommand,
  ReceiveMessageCommand,
  SendMessageCommand,
  SQSClient,
} from '@aws-sdk/client-sqs';
import { ApiGatewayManagementApiClient, PostToConnectionCommand } from '@aws-sdk/client-apigatewaymanagementapi';
import { startEdge, type Edge } from '../../../../infra/local/edge';
import { Connections } from '../../../../infra/local/gateway/connections';
import { arnOfQueueUrl, pollQueue } from '../../../../infra/local/pollers';
import { until } from '../../../support/until';

const region = 'us-east-1';
const credentials = { accessKeyId: 'local', secretAccessKey: 'local' };

describe('local AWS edge', () => {
  let edge: Edge;
  let dataDir: string;

  beforeAll(async () => {
    process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
    dataDir = mkdtempSync(join(tmpdir(), 'sqlscape-edge-'));
    edge = await startEdge({ dataDir, port: 0, host: '127.0.0.1', region, connections: new Connections(), emulate: true });
  });
  afterAll(async () => {
    await edge?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('polls like the SQS event source: deletes successes, retries reported failures, then redrives them', async () => {
    const sqs = new SQSClient({ region, endpoint: edge.url, credentials });
    const { QueueUrl: dlq } = await sqs.send(new CreateQueueCommand({ QueueName: 'poller-test-dlq' }));
    const { Attributes } = await sqs.send(new GetQueueAttributesCommand({ QueueUrl: dlq, AttributeNames: ['QueueArn'] }));
    const { QueueUrl: source } = await sqs.send(
      new CreateQueueCommand({
        QueueName: 'poller-test',
        Attributes: {
          VisibilityTimeout: '1',
          RedrivePolicy: JSON.stringify({ deadLetterTargetArn: Attributes!.QueueArn, maxReceiveCount: 2 }),
        },
      }),
    );
    await sqs.send(new SendMessageCommand({ QueueUrl: source, MessageBody: 'ok-1' }));
    await sqs.send(new SendMessageCommand({ QueueUrl: source, MessageBody: 'fail-1' }));
    const seen: Record<string, string[]> = {};
    const abort = new AbortController();
    const stopped = pollQueue({
      client: sqs,
      target: { queueUrl: source!, queueArn: arnOfQueueUrl(source!, region), worker: 'test', batchSize: 10, timeoutSeconds: 5 },
      region,
      concurrency: 2,
      signal: abort.signal,
      run: async (event) => {
        for (const r of event.Records) {
          expect(r.eventSource).toBe('aws:sqs');
          expect(r.eventSourceARN).toMatch(/:poller-test$/);
          (seen[r.body] ??= []).push(r.attributes.ApproximateReceiveCount);
        }
        return { batchItemFailures: event.Records.filter((r) => r.body.startsWith('fail')).map((r) => ({ itemIdentifier: r.messageId })) };
      },
    });
    try {
      // Two 1 s visibility timeouts; the long limit is for a loaded 2-core machine.
      const dead = await until(async () => {
        const out = await sqs.send(new ReceiveMessageCommand({ QueueUrl: dlq, WaitTimeSeconds: 1 }));
        return out.Messages?.length ? out.Messages : undefined;
      }, 'the failing message to reach the DLQ', 30_000);
      expect(dead.map((m) => m.Body)).toEqual(['fail-1']);
    } finally {
      abort.abort();
      await stopped();
    }
    expect(seen['ok-1']).toEqual(['1']);
    expect(seen['fail-1']).toEqual(['1', '2']);
    const left = await sqs.send(new GetQueueAttributesCommand({ QueueUrl: source, AttributeNames: ['All'] }));
    expect(left.Attributes?.ApproximateNumberOfMessages).toBe('0');
    expect(left.Attributes?.ApproximateNumberOfMessagesNotVisible).toBe('0');
  });


  it('also speaks the SQS query protocol (form in, XML out) for older clients', async () => {
    const call = async (params: Record<string, string>) => {
      const res = await fetch(edge.url, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ Version: '2012-11-05', ...params }).toString(),
      });
      return { status: res.status, xml: await res.text() };
    };
    const created = await call({ Action: 'CreateQueue', QueueName: 'query-protocol', 'Attribute.1.Name': 'VisibilityTimeout', 'Attribute.1.Value': '7' });
    const queueUrl = /<QueueUrl>([^<]+)<\/QueueUrl>/.exec(created.xml)?.[1];
    expect(queueUrl).toMatch(/\/000000000000\/query-protocol$/);
    const sent = await call({
      Action: 'SendMessage',
      QueueUrl: queueUrl!,
      MessageBody: 'a <b> & c',
      'MessageAttribute.1.Name': 'kind',
      'MessageAttribute.1.Value.DataType': 'String',
      'MessageAttribute.1.Value.StringValue': 'test',
    });
    expect(sent.xml).toMatch(/<SendMessageResult><MessageId>[\w-]+<\/MessageId><MD5OfMessageBody>[0-9a-f]{32}<\/MD5OfMessageBody><MD5OfMessageAttributes>/);
    const received = await call({ Action: 'ReceiveMessage', QueueUrl: queueUrl!, 'AttributeName.1': 'All', 'MessageAttributeName.1': 'All' });
    expect(received.xml).toContain('<Body>a &lt;b&gt; &amp; c</Body>');
    expect(received.xml).toContain('<Attribute><Name>ApproximateReceiveCount</Name><Value>1</Value></Attribute>');
    expect(received.xml).toContain('<MessageAttribute><Name>kind</Name><Value><DataType>String</DataType><StringValue>test</StringValue></Value></MessageAttribute>');
    const attrs = await call({ Action: 'GetQueueAttributes', QueueUrl: queueUrl!, 'AttributeName.1': 'VisibilityTimeout' });
    expect(attrs.xml).toContain('<Attribute><Name>VisibilityTimeout</Name><Value>7</Value></Attribute>');
    const missing = await call({ Action: 'GetQueueUrl', QueueName: 'no-such-queue' });
    expect(missing.status).toBe(400);
    expect(missing.xml).toContain('<Code>AWS.SimpleQueueService.NonExistentQueue</Code>');
  });


  it('long-polls: a waiting receive returns as soon as a message is sent', async () => {
    const sqs = new SQSClient({ region, endpoint: edge.url, credentials });
    const { QueueUrl } = await sqs.send(new CreateQueueCommand({ QueueName: 'gateway-test-longpoll' }));
    const waiting = sqs.send(new ReceiveMessageCommand({ QueueUrl, WaitTimeSeconds: 20 }));
    await until(() => edge.pendingReceives() === 1, 'the receive to long-poll');
    await sqs.send(new SendMessageCommand({ QueueUrl, MessageBody: 'wake up' }));
    // The send woke the waiting receive, which took the message before the send answered: a receive
    // sent now finds nothing (were the poll left to its 20 s deadline, this one would take it).
    expect((await sqs.send(new ReceiveMessageCommand({ QueueUrl, WaitTimeSeconds: 0 }))).Messages ?? []).toEqual([]);
    expect((await waiting).Messages?.[0]?.Body).toBe('wake up');
    expect(edge.pendingReceives()).toBe(0);
  });

  it('fails a batch whose worker outlives its timeout, so the message is delivered again', async () => {
    const sqs = new SQSClient({ region, endpoint: edge.url, credentials });
    const { QueueUrl } = await sqs.send(new CreateQueueCommand({ QueueName: 'timeout-test', Attributes: { VisibilityTimeout: '1' } }));
    await sqs.send(new SendMessageCommand({ QueueUrl, MessageBody: 'slow' }));
    const counts: string[] = [];
    let release!: () => void;
    const hang = new Promise<void>((r) => (release = r));
    const abort = new AbortController();
    const stopped = pollQueue({
      client: sqs,
      target: { queueUrl: QueueUrl!, queueArn: arnOfQueueUrl(QueueUrl!, region), worker: 'test', batchSize: 1, timeoutSeconds: 1 },
      region,
      concurrency: 2,
      signal: abort.signal,
      run: async (event) => {
        counts.push(event.Records[0].attributes.ApproximateReceiveCount);
        // The first delivery never finishes in time; the second succeeds at once.
        if (counts.length === 1) await hang;
      },
    });
    try {
      await until(() => (counts.length >= 2 ? true : undefined), 'a second delivery', 20_000);
      expect(counts.slice(0, 2)).toEqual(['1', '2']);
    } finally {
      release();
      abort.abort();
      await stopped();
    }
  });

  it('answers GoneException for a connection that is not open', async () => {
    const management = new ApiGatewayManagementApiClient({ region, endpoint: edge.url, credentials });
    const error = await management
      .send(new PostToConnectionCommand({ ConnectionId: 'Zm9vYmFyYmF6cXV4=', Data: Buffer.from('x') }))
      .catch((e: Error) => e);
    expect((error as Error).name).toBe('GoneException');
  });
});
