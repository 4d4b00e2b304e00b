// The SQS API: the actions, shared by both wire protocols. The v3 SDK speaks AWS JSON 1.0
// (`X-Amz-Target: AmazonSQS.<Action>`, jsonProtocol.ts); older clients post the query protocol
// (queryProtocol.ts). Both protocols depend on the store only, never back on this module.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { ACCOUNT_ID } from '../config';
import { SqsError, type QueueStore, type StoredMessage, type LocalQueue } from './queueStore';
import type { MessageAttributes } from './md5';
import { isQueryRequest, queryProtocol } from './queryProtocol';
import { jsonProtocol, type Input } from './jsonProtocol';

/** Actions whose effect must be on disk before the caller hears of it. */
const DURABLE = new Set(['SendMessage', 'SendMessageBatch', 'DeleteMessage', 'DeleteMessageBatch', 'PurgeQueue']);

type Action = (input: Input, ctx: { store: QueueStore; baseUrl: string; signal: AbortSignal }) => unknown;

export const queueUrl = (baseUrl: string, name: string) => `${baseUrl}/${ACCOUNT_ID}/${name}`;

/** Queue URLs of earlier runs carry other ports; the name alone identifies the queue. */
function queueOf(store: QueueStore, input: Input): LocalQueue {
  const url = input.QueueUrl;
  if (typeof url !== 'string' || !url) throw new SqsError('MissingParameter', 'The request must contain the parameter QueueUrl.');
  return store.get(url.replace(/\/+$/, '').split('/').pop() ?? '');
}

function systemAttributes(m: StoredMessage, requested: string[]): Record<string, string> | undefined {
  if (!requested.length) return undefined;
  const all: Record<string, string> = {
    SenderId: ACCOUNT_ID,
    SentTimestamp: String(m.sentAt),
    ApproximateReceiveCount: String(m.receiveCount),
    ApproximateFirstReceiveTimestamp: String(m.firstReceivedAt ?? m.sentAt),
  };
  if (m.deadLetterSourceArn) all.DeadLetterQueueSourceArn = m.deadLetterSourceArn;
  if (requested.includes('All')) return all;
  return Object.fromEntries(requested.filter((n) => n in all).map((n) => [n, all[n]]));
}

function pickMessageAttributes(m: StoredMessage, names: string[]): MessageAttributes | undefined {
  if (!m.messageAttributes || !names.length) return undefined;
  if (names.includes('All') || names.includes('.*')) return m.messageAttributes;
  return Object.fromEntries(Object.entries(m.messageAttributes).filter(([k]) => names.includes(k)));
}

/** Runs one entry of a batch call, turning its error into a Failed entry as SQS does. */
function batch<T>(entries: Input[] | undefined, run: (entry: Input) => T) {
  if (!Array.isArray(entries) || entries.length === 0) {
    throw new SqsError('EmptyBatchRequest', 'There should be at least one SendMessageBatchRequestEntry in the request.');
  }
  if (entries.length > 10) throw new SqsError('TooManyEntriesInBatchRequest', 'Maximum number of entries per request are 10.');
  const Successful: (T & { Id: string })[] = [];
  const Failed: { Id: string; SenderFault: boolean; Code: string; Message: string }[] = [];
  for (const entry of entries) {
    try {
      Successful.push({ Id: entry.Id, ...run(entry) });
    } catch (error) {
      if (!(error instanceof SqsError)) throw error;
      Failed.push({ Id: entry.Id, SenderFault: true, Code: error.code, Message: error.message });
    }
  }
  return { Successful, Failed };
}

const sendOne = (queue: LocalQueue, entry: Input) => {
  const m = queue.send(entry.MessageBody, { delaySeconds: entry.DelaySeconds, messageAttributes: entry.MessageAttributes });
  return { MessageId: m.messageId, MD5OfMessageBody: m.md5OfBody, MD5OfMessageAttributes: m.md5OfMessageAttributes };
};

const actions: Record<string, Action> = {
  CreateQueue: ({ QueueName, Attributes }, { store, baseUrl }) => {
    store.create(QueueName, Attributes ?? {});
    return { QueueUrl: queueUrl(baseUrl, QueueName) };
  },
  GetQueueUrl: ({ QueueName }, { store, baseUrl }) => ({ QueueUrl: queueUrl(baseUrl, store.get(QueueName).name) }),
  ListQueues: ({ QueueNamePrefix = '' }, { store, baseUrl }) => ({
    QueueUrls: [...store.queues.keys()].filter((n) => n.startsWith(QueueNamePrefix)).map((n) => queueUrl(baseUrl, n)),
  }),
  DeleteQueue: async (input, { store }) => {
    await store.delete(queueOf(store, input).name);
    return {};
  },
  GetQueueAttributes: (input, { store }) => ({ Attributes: queueOf(store, input).attributes(input.AttributeNames ?? []) }),
  SetQueueAttributes: (input, { store }) => {
    queueOf(store, input).setAttributes(input.Attributes ?? {});
    return {};
  },
  PurgeQueue: (input, { store }) => {
    queueOf(store, input).purge();
    return {};
  },
  SendMessage: (input, { store }) => sendOne(queueOf(store, input), input),
  SendMessageBatch: (input, { store }) => {
    const queue = queueOf(store, input);
    return batch(input.Entries, (entry) => sendOne(queue, entry));
  },
  ReceiveMessage: async (input, { store, signal }) => {
    const queue = queueOf(store, input);
    const messages = await queue.receive({
      max: input.MaxNumberOfMessages,
      visibilityTimeout: input.VisibilityTimeout,
      waitSeconds: input.WaitTimeSeconds,
      signal,
    });
    const requested = [...(input.AttributeNames ?? []), ...(input.MessageSystemAttributeNames ?? [])];
    return {
      Messages: messages.map((m) => {
        const attrs = pickMessageAttributes(m, input.MessageAttributeNames ?? []);
        return {
          MessageId: m.messageId,
          ReceiptHandle: m.receipt,
          MD5OfBody: m.md5OfBody,
          Body: m.body,
          Attributes: systemAttributes(m, requested),
          MessageAttributes: attrs,
          MD5OfMessageAttributes: attrs ? m.md5OfMessageAttributes : undefined,
        };
      }),
    };
  },
  DeleteMessage: (input, { store }) => {
    queueOf(store, input).delete(input.ReceiptHandle);
    return {};
  },
  DeleteMessageBatch: (input, { store }) => {
    const queue = queueOf(store, input);
    return batch(input.Entries, (entry) => (queue.delete(entry.ReceiptHandle), {}));
  },
  ChangeMessageVisibility: (input, { store }) => {
    queueOf(store, input).changeVisibility(input.ReceiptHandle, input.VisibilityTimeout);
    return {};
  },
  ChangeMessageVisibilityBatch: (input, { store }) => {
    const queue = queueOf(store, input);
    return batch(input.Entries, (entry) => (queue.changeVisibility(entry.ReceiptHandle, entry.VisibilityTimeout), {}));
  },
};

export const isSqsRequest = (req: IncomingMessage) =>
  String(req.headers['x-amz-target'] ?? '').startsWith('AmazonSQS.') || isQueryRequest(req);

export async function handleSqs(store: QueueStore, baseUrl: string, req: IncomingMessage, res: ServerResponse) {
  const protocol = isQueryRequest(req) ? queryProtocol : jsonProtocol;
  // A long poll ends early when its client goes away, so it does not swallow a message.
  const abort = new AbortController();
  res.on('close', () => abort.abort());
  try {
    const { action, input } = await protocol.parse(req);
    const run = actions[action];
    if (!run) throw new SqsError('InvalidAction', `The action ${action} is not valid for this endpoint.`);
    const output = await run(input, { store, baseUrl, signal: abort.signal });
    // A message the caller abandoned must not stay invisible: the caller never saw its receipt.
    if (abort.signal.aborted && action === 'ReceiveMessage') {
      for (const m of (output as { Messages: { ReceiptHandle: string }[] }).Messages) {
        try {
          queueOf(store, input).changeVisibility(m.ReceiptHandle, 0);
        } catch {
          // Already gone: nothing to give back.
        }
      }
      return;
    }
    // An answered send (or delete) is on disk, as SQS would have it durable: a process killed right
    // after still finds the message at its next start (tmp file + rename, never a torn queue file).
    if (DURABLE.has(action)) await queueOf(store, input).flush();
    protocol.ok(res, action, output);
  } catch (error) {
    if (error instanceof SqsError) return protocol.fail(res, error);
    console.error('[local sqs]', error);
    protocol.fail(res, new SqsError('InternalError', 'We encountered an internal error. Please try again.', 500));
  }
}
