// Lambda's SQS event source mapping, locally: long-poll each queue through the real SQS client, invoke
// the worker with an SQS event, delete what succeeded, and leave failures to reappear after the
// visibility timeout (redrive to the DLQ is the queue's job, as in AWS). Workers run concurrently up to
// a small limit per queue, like a Lambda's reserved concurrency.
import { DeleteMessageBatchCommand, ReceiveMessageCommand, SQSClient, type Message } from '@aws-sdk/client-sqs';
import type { SQSEvent, SQSRecord } from 'aws-lambda';
import { QUEUES, type QueueName } from '../../shared/resources/index';
import { handlerExists, invoke } from './lambda';

export interface PollerTarget {
  queueUrl: string;
  queueArn: string;
  worker: string;
  batchSize: number;
  timeoutSeconds: number;
}

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => (clearTimeout(timer), resolve()), { once: true });
  });

/** Queue URLs end in /<account>/<name>, which is all an ARN needs. */
export function arnOfQueueUrl(url: string, region: string) {
  const [account, name] = new URL(url).pathname.split('/').filter(Boolean).slice(-2);
  return `arn:aws:sqs:${region}:${account}:${name}`;
}

export interface Pollers {
  stop(): Promise<void>;
}

export function toSqsRecord(message: Message, queueArn: string, region: string): SQSRecord {
  const a = message.Attributes ?? {};
  return {
    messageId: message.MessageId!,
    receiptHandle: message.ReceiptHandle!,
    body: message.Body ?? '',
    attributes: {
      ApproximateReceiveCount: a.ApproximateReceiveCount ?? '1',
      SentTimestamp: a.SentTimestamp ?? String(Date.now()),
      SenderId: a.SenderId ?? '000000000000',
      ApproximateFirstReceiveTimestamp: a.ApproximateFirstReceiveTimestamp ?? String(Date.now()),
      ...(a.DeadLetterQueueSourceArn ? { DeadLetterQueueSourceArn: a.DeadLetterQueueSourceArn } : {}),
    },
    messageAttributes: Object.fromEntries(
      Object.entries(message.MessageAttributes ?? {}).map(([k, v]) => [
        k,
        { dataType: v.DataType ?? 'String', stringValue: v.StringValue, binaryValue: v.BinaryValue ? Buffer.from(v.BinaryValue).toString('base64') : undefined },
      ]),
    ),
    md5OfBody: message.MD5OfBody ?? '',
    eventSource: 'aws:sqs',
    eventSourceARN: queueArn,
    awsRegion: region,
  };
}

/** Which receipts to delete after an invocation: all but the reported failures; none if it threw. */
export function succeeded(records: SQSRecord[], outcome: { result?: unknown; error?: unknown }): SQSRecord[] {
  if (outcome.error !== undefined) return [];
  const failures = (outcome.result as { batchItemFailures?: { itemIdentifier?: string }[] } | undefined)?.batchItemFailures;
  if (!Array.isArray(failures)) return records;
  const failed = new Set(failures.map((f) => f.itemIdentifier));
  // Lambda treats a failure without a valid identifier as the whole batch failing.
  if (failures.some((f) => !f.itemIdentifier || !records.some((r) => r.messageId === f.itemIdentifier))) return [];
  return records.filter((r) => !failed.has(r.messageId));
}

export interface PollOptions {
  client: SQSClient;
  target: PollerTarget;
  region: string;
  concurrency: number;
  signal: AbortSignal;
  /** How a batch is processed; by default the worker handler module is invoked like Lambda would. */
  run?: (event: SQSEvent) => Promise<unknown>;
}

/** How long stopping waits for running worker batches before leaving them to redelivery. */
const STOP_GRACE_MS = 3000;

/** Polls one queue until `signal` aborts; the returned function waits for the loop and running batches. */
export function pollQueue({ client, target, region, concurrency, signal, run }: PollOptions) {
  const handle = run ?? ((event: SQSEvent) => invoke(target.worker, event, { region, timeoutSeconds: target.timeoutSeconds }));
  let running = 0;
  let slotFreed: () => void = () => undefined;
  let warned = false;
  const inFlight = new Set<Promise<void>>();

  async function runBatch(messages: Message[]) {
    const records = messages.map((m) => toSqsRecord(m, target.queueArn, region));
    const event: SQSEvent = { Records: records };
    let outcome: { result?: unknown; error?: unknown };
    // Lambda stops a worker at its timeout and the batch counts as failed; here the call cannot be
    // killed, but its batch is failed the same way, so redelivery and the DLQ behave as in AWS.
    let timer: NodeJS.Timeout | undefined;
    const timedOut = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`Task timed out after ${target.timeoutSeconds} seconds`)), target.timeoutSeconds * 1000);
    });
    try {
      outcome = { result: await Promise.race([handle(event), timedOut]) };
    } catch (error) {
      console.error(`[local poller] ${target.worker} failed:`, error);
      outcome = { error };
    } finally {
      clearTimeout(timer);
    }
    const done = succeeded(records, outcome);
    if (!done.length) return;
    await client.send(
      new DeleteMessageBatchCommand({
        QueueUrl: target.queueUrl,
        Entries: done.map((r, i) => ({ Id: String(i), ReceiptHandle: r.receiptHandle })),
      }),
    );
  }

  const loop = async () => {
    while (!signal.aborted) {
      if (!run && !handlerExists(target.worker)) {
        if (!warned) console.warn(`[local poller] functions/handlers/${target.worker}.ts is missing; its queue waits until it exists`);
        warned = true;
        await sleep(2000, signal);
        continue;
      }
      if (running >= concurrency) {
        await new Promise<void>((r) => (slotFreed = r));
        continue;
      }
      let messages: Message[] = [];
      try {
        const out = await client.send(
          new ReceiveMessageCommand({
            QueueUrl: target.queueUrl,
            MaxNumberOfMessages: target.batchSize,
            WaitTimeSeconds: 20,
            MessageSystemAttributeNames: ['All'],
            MessageAttributeNames: ['All'],
          }),
          { abortSignal: signal },
        );
        messages = out.Messages ?? [];
      } catch (error) {
        if (signal.aborted) break;
        console.error(`[local poller] receive from ${target.queueUrl} failed:`, (error as Error).message);
        await sleep(1000, signal);
        continue;
      }
      if (!messages.length) continue;
      running++;
      const work = runBatch(messages)
        .catch((error) => console.error(`[local poller] ${target.worker} batch bookkeeping failed:`, error))
        .finally(() => {
          running--;
          inFlight.delete(work);
          slotFreed();
        });
      inFlight.add(work);
    }
  };
  const looping = loop();
  return async () => {
    slotFreed();
    await looping;
    // A stopping process is a worker that dies: batches still running after a short grace are left
    // in flight and come back after their visibility timeout, as SQS redelivers them in AWS.
    await Promise.race([Promise.allSettled([...inFlight]), new Promise((r) => setTimeout(r, STOP_GRACE_MS).unref())]);
  };
}

export function startPollers(
  queueUrls: Record<QueueName, { url: string; dlqUrl: string }>,
  options: { region: string; concurrency?: number },
): Pollers {
  const client = new SQSClient({ region: options.region });
  const abort = new AbortController();
  const concurrency = options.concurrency ?? 4;
  const stops: (() => Promise<void>)[] = [];
  for (const [key, def] of Object.entries(QUEUES) as [QueueName, (typeof QUEUES)[QueueName]][]) {
    const urls = queueUrls[key];
    const target = (queueUrl: string, worker: string): PollerTarget => ({
      queueUrl,
      queueArn: arnOfQueueUrl(queueUrl, options.region),
      worker,
      batchSize: def.batchSize,
      timeoutSeconds: def.workerTimeoutSeconds,
    });
    const common = { client, region: options.region, signal: abort.signal };
    stops.push(pollQueue({ ...common, target: target(urls.url, def.worker), concurrency }));
    // One at a time on the DLQ: it only marks dead work failed, and order helps when reading logs.
    if (def.deadLetterWorker) stops.push(pollQueue({ ...common, target: target(urls.dlqUrl, def.deadLetterWorker), concurrency: 1 }));
  }
  return {
    async stop() {
      abort.abort();
      await Promise.all(stops.map((stop) => stop()));
      client.destroy();
    },
  };
}
