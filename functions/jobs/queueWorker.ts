// One wrapper for every SQS-fed worker (a queue per kind of work, shared/resources/queues.ts). A kind
// declares a QueueJob (parse, optional idempotency key, run, deadLetter); its two handler modules are
// `export const handler = queueWorker(job)` and `export const handler = deadLetterWorker(job)`.
//
// - Partial batch responses (Powertools batch): a message whose run throws is reported in
//   batchItemFailures and comes back after the visibility timeout; the others are acknowledged.
// - Powertools Logger/Metrics/Tracer through middy (functions/observability): the queue's message age,
//   message and failure counts, one log line per failure with the invocation's request id.
// - A body that does not parse can never succeed: logged and dropped, not cycled to the DLQ.
// - Idempotency per job key: SQS delivers at least once. Messages of one batch with the same key run
//   once; a key whose run already succeeded (a done marker in the main table, kept a day) is
//   acknowledged without running again. The run itself must still tolerate a concurrent duplicate.
//   (Not Powertools idempotency: a job must be able to forget a key by its name, forgetDone(), and to
//   leave a key unmarked when a live duplicate owns the work; Powertools keys records by a payload hash
//   and marks every successful return.)
// - The DLQ handler gets what the workers gave up on, one message at a time, to mark the work failed.
import type { Context, SQSBatchResponse, SQSEvent, SQSRecord } from 'aws-lambda';
import { BatchProcessor, EventType, processPartialResponse } from '@aws-lambda-powertools/batch';
import { DeleteCommand, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import type { QueueName } from '../../shared/resources/index';
import { KEYS } from '../../shared/resources/keys';
import { getPorts, type Ports } from '../ports/index';
import { isExpired } from '../ports/tables';
import { METRICS } from '../../shared/resources/metrics';
import { errorFields, logger } from '../observability/logger';
import { addMetric, metrics, MetricUnit } from '../observability/metrics';
import { logKeys, observed } from '../observability/middleware';

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

/** A message that can never succeed: logged and acknowledged (dropped), never cycled to the DLQ. */
function parsed<M>(job: QueueJob<M>, record: SQSRecord): M | null {
  const message = job.parse(record.body);
  if (message === null) logger.error(`dropped malformed ${job.queue} message`, { message_id: record.messageId });
  return message;
}

/** Every message of one key in a batch shares the one run of the first (by record order). */
function oncePerKey<M>(job: QueueJob<M>, ports: Ports) {
  const runs = new Map<string, Promise<void>>();
  return (message: M, record: SQSRecord): Promise<void> => {
    if (!job.key) return runOne(job, ports, message, record);
    const key = job.key(message);
    let run = runs.get(key);
    if (!run) runs.set(key, (run = runOne(job, ports, message, record, key)));
    return run;
  };
}

async function runOne<M>(job: QueueJob<M>, ports: Ports, message: M, record: SQSRecord, key?: string): Promise<void> {
  try {
    if (key !== undefined && (await alreadyDone(ports, job.queue, key))) return;
    const finished = await job.run(ports, message, record);
    if (key !== undefined && finished !== false) await markDone(ports, job.queue, key);
  } catch (error) {
    logger.error(`${job.queue} worker failed`, { key, message_id: record.messageId, ...errorFields(error) });
    throw error;
  }
}

/** Milliseconds since SQS accepted the message (its SentTimestamp attribute). */
const ageOf = (record: SQSRecord, nowMs: number) => {
  const sent = Number(record.attributes?.SentTimestamp);
  return Number.isFinite(sent) && sent > 0 ? Math.max(0, nowMs - sent) : null;
};

/** Dimension `queue`, one QueueMessageAge value and one Messages count per record of the batch. */
function observeBatch(queue: QueueName, event: SQSEvent, kind: 'worker' | 'dead-letter') {
  metrics.addDimensions({ queue, kind });
  logKeys({ queue, kind, batch_size: event.Records.length });
  const now = Date.now();
  for (const record of event.Records) {
    const age = ageOf(record, now);
    if (age !== null) addMetric(METRICS.queueAge, MetricUnit.Milliseconds, age);
  }
  addMetric(METRICS.messages, MetricUnit.Count, event.Records.length);
}

/** The batch's outcome: the MessageFailures metric and one `batch` log line (messages, failures, duration). */
const finishBatch = (event: SQSEvent, startedMs: number, out: SQSBatchResponse) => {
  const failures = out.batchItemFailures.length;
  if (failures) addMetric(METRICS.messageFailures, MetricUnit.Count, failures);
  logger.info('batch', { messages: event.Records.length, failures, duration_ms: Date.now() - startedMs });
  return out;
};

/** A Lambda handler of SQS batches wearing the Powertools middlewares (callable without a context in tests). */
const sqsHandler = (fn: (event: SQSEvent, context: Context) => Promise<SQSBatchResponse>) => observed(fn);

/**
 * The worker Lambda of a queue (Powertools batch: processPartialResponse): the batch's messages run at
 * once, those that failed are reported in batchItemFailures.
 */
export function queueWorker<M>(job: QueueJob<M>, portsOf: () => Ports = getPorts) {
  return sqsHandler(async (event, context) => {
    const started = Date.now();
    observeBatch(job.queue, event, 'worker');
    const run = oncePerKey(job, portsOf());
    const handleRecord = async (record: SQSRecord) => {
      const message = parsed(job, record);
      if (message !== null) await run(message, record);
    };
    // A processor per batch: it keeps the batch's state, and the local cloud runs invocations side by side.
    const out = await processPartialResponse(event, handleRecord, new BatchProcessor(EventType.SQS), {
      context,
      throwOnFullBatchFailure: false,
    });
    return finishBatch(event, started, out);
  });
}

/** The dead-letter Lambda of a queue: hands each given-up message to the job's deadLetter, in order. */
export function deadLetterWorker<M>(job: QueueJob<M>, portsOf: () => Ports = getPorts) {
  return sqsHandler(async (event, context) => {
    const started = Date.now();
    observeBatch(job.queue, event, 'dead-letter');
    const ports = portsOf();
    const handleRecord = async (record: SQSRecord) => {
      const message = job.parse(record.body);
      if (message === null) return;
      try {
        await job.deadLetter(ports, message, record);
      } catch (error) {
        logger.error(`${job.queue} dead letter drain failed`, { key: job.key?.(message), message_id: record.messageId, ...errorFields(error) });
        throw error;
      }
    };
    const out = await processPartialResponse(event, handleRecord, new BatchProcessor(EventType.SQS), {
      context,
      throwOnFullBatchFailure: false,
      processInParallel: false,
    });
    return finishBatch(event, started, out);
  });
}
