// One wrapper for every SQS-fed worker (a queue per kind of work, shared/resources/queues.ts). A kind
// declares a QueueJob (parse, optional idempotency key, run, deadLetter); its two handler modules are
// `export const handler = queueWorker(job)` and `export const handler = deadLetterWorker(job)`.
//
// - Partial batch responses: a message whose run throws is reported in batchItemFailures and comes
//   back after the visibility timeout; the others of the batch are acknowledged.
// - A body that does not parse can never succeed: logged and dropped, not cycled to the DLQ.
// - Idempotency per job key: SQS delivers at least once. Messages of one batch with the same key run
//   once; a key whose run already succeeded (a done marker in the main table, kept a day) is
//   acknowledged without running again. The run itself must still tolerate a concurrent duplicate.
// - The DLQ handler gets what the workers gave up on, one message at a time, to mark the work failed.
import type { SQSBatchResponse, SQSEvent, SQSRecord } from 'aws-lambda';
import { DeleteCommand, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import type { QueueName } from '../../shared/resources/index';
import { KEYS } from '../../shared/resources/keys';
import { getPorts, type Ports } from '../ports/index';
import { isExpired } from '../ports/tables';

export interface QueueJob<M> {
  queue: QueueName;
  /** The message in a body; null for one that can never succeed. */
  parse(body: string): M | null;
  /** Identifies the unit of work; repeated deliveries of a key that succeeded are not run again. */
  key?(message: M): string;
  /**
   * Does the work; throwing makes the message come back for another attempt. Answers false when it
   * left the work to someone else (a live duplicate): the key is then not marked done, so a later
   * delivery can still take over if that someone dies.
   */
  run(ports: Ports, message: M, record: SQSRecord): Promise<boolean | void>;
  /** A message the workers gave up on (maxReceiveCount reached): the work must end failed, visibly. */
  deadLetter(ports: Ports, message: M, record: SQSRecord): Promise<unknown>;
}

/** How long a done marker answers duplicates; SQS redelivery happens within minutes to hours. */
export const DONE_MARKER_TTL_SECONDS = 86_400;

type MarkerPorts = Pick<Ports, 'tables' | 'clock'>;

async function alreadyDone(ports: MarkerPorts, queue: QueueName, key: string): Promise<boolean> {
  const out = await ports.tables.doc.send(new GetCommand({ TableName: ports.tables.name('main'), Key: KEYS.jobDone(queue, key) }));
  return Boolean(out.Item) && !isExpired(out.Item, ports.clock.now());
}

async function markDone(ports: MarkerPorts, queue: QueueName, key: string): Promise<void> {
  const ttl = Math.ceil(ports.clock.now() / 1000) + DONE_MARKER_TTL_SECONDS;
  await ports.tables.doc.send(new PutCommand({ TableName: ports.tables.name('main'), Item: { ...KEYS.jobDone(queue, key), ttl } }));
}

/** Forgets that a key succeeded, so the same unit of work may run again (e.g. a report re-sent on purpose). */
export async function forgetDone(ports: MarkerPorts, queue: QueueName, key: string): Promise<void> {
  await ports.tables.doc.send(new DeleteCommand({ TableName: ports.tables.name('main'), Key: KEYS.jobDone(queue, key) }));
}

const log = (msg: string, fields: Record<string, unknown>) => console.error(JSON.stringify({ level: 'error', msg, ...fields }));

/** The records of a batch, grouped by job key (a record without a key is its own group), in order. */
function groups<M>(job: QueueJob<M>, event: SQSEvent) {
  const out = new Map<string, { message: M; records: SQSRecord[] }>();
  for (const record of event.Records) {
    const message = job.parse(record.body);
    if (message === null) {
      log(`dropped malformed ${job.queue} message`, { messageId: record.messageId });
      continue;
    }
    const key = job.key ? `key:${job.key(message)}` : `message:${record.messageId}`;
    const group = out.get(key);
    if (group) group.records.push(record);
    else out.set(key, { message, records: [record] });
  }
  return out;
}

/** The worker Lambda of a queue: runs the batch's messages at once, reporting those that failed. */
export function queueWorker<M>(job: QueueJob<M>, portsOf: () => Ports = getPorts) {
  return async (event: SQSEvent): Promise<SQSBatchResponse> => {
    const ports = portsOf();
    const failures: SQSBatchResponse['batchItemFailures'] = [];
    await Promise.all(
      [...groups(job, event).values()].map(async ({ message, records }) => {
        const key = job.key?.(message);
        try {
          if (key !== undefined && (await alreadyDone(ports, job.queue, key))) return;
          const finished = await job.run(ports, message, records[0]);
          if (key !== undefined && finished !== false) await markDone(ports, job.queue, key);
        } catch (error) {
          log(`${job.queue} worker failed`, { key, messageId: records[0].messageId, error: String(error) });
          for (const r of records) failures.push({ itemIdentifier: r.messageId });
        }
      }),
    );
    return { batchItemFailures: failures };
  };
}

/** The dead-letter Lambda of a queue: hands each given-up message to the job's deadLetter, in order. */
export function deadLetterWorker<M>(job: QueueJob<M>, portsOf: () => Ports = getPorts) {
  return async (event: SQSEvent): Promise<SQSBatchResponse> => {
    const ports = portsOf();
    const failures: SQSBatchResponse['batchItemFailures'] = [];
    for (const record of event.Records) {
      const message = job.parse(record.body);
      if (message === null) continue;
      try {
        await job.deadLetter(ports, message, record);
      } catch (error) {
        log(`${job.queue} dead letter drain failed`, { key: job.key?.(message), messageId: record.messageId, error: String(error) });
        failures.push({ itemIdentifier: record.messageId });
      }
    }
    return { batchItemFailures: failures };
  };
}
