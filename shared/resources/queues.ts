// One SQS queue per kind of work, as plain data. Each entry becomes a queue + DLQ + worker Lambda in
// infra/aws and a queue + DLQ + poller in infra/local; functions send to it by name (ports.queue.send)
// and its worker module wraps a per-message handler with functions/jobs/worker.ts (queueWorker).
// Adding a kind of work: an entry here, plus functions/handlers/<worker>.ts (and <deadLetterWorker>.ts).

export interface QueueDef {
  env: string;
  /** The worker handler module (functions/handlers/<module>.ts) fed by this queue. */
  worker: string;
  /** Worker Lambda timeout; the queue's visibility timeout is 6x this, as AWS recommends. */
  workerTimeoutSeconds: number;
  batchSize: number;
  /** Receives before a message moves to the dead-letter queue (5 or more: a throttled or briefly failing worker must not dead-letter work on a busy day). */
  maxReceiveCount: number;
  /** Worker instances the queue's event source runs at most (Lambda's SQS maxConcurrency), so a burst cannot take the account's concurrency. */
  maxConcurrency: number;
  /** Handler module that drains the dead-letter queue (marks the work failed). */
  deadLetterWorker?: string;
}

export const QUEUES = {
  /** Async SQL Lab queries (and scheduled saved query runs): one message per query. */
  queries: {
    env: 'QUERY_QUEUE_URL',
    worker: 'queryWorker',
    workerTimeoutSeconds: 660,
    batchSize: 1,
    maxReceiveCount: 5,
    maxConcurrency: 20,
    deadLetterWorker: 'queryDeadLetter',
  },
  /** Async chart data (GLOBAL_ASYNC_QUERIES): one message per job. */
  charts: {
    env: 'CHART_QUEUE_URL',
    worker: 'chartDataWorker',
    workerTimeoutSeconds: 120,
    batchSize: 1,
    maxReceiveCount: 5,
    maxConcurrency: 50,
    deadLetterWorker: 'chartDataDeadLetter',
  },
  /** Scheduled report and alert runs: one message per run (report id + scheduled time). Rendering
   * (ECharts SSR, resvg, pdfkit) needs memory and time, not a browser. */
  reports: {
    env: 'REPORT_QUEUE_URL',
    worker: 'reportWorker',
    workerTimeoutSeconds: 300,
    batchSize: 1,
    maxReceiveCount: 5,
    maxConcurrency: 5,
    deadLetterWorker: 'reportDeadLetter',
  },
} satisfies Record<string, QueueDef>;
export type QueueName = keyof typeof QUEUES;

export const visibilityTimeoutSeconds = (q: QueueDef) => q.workerTimeoutSeconds * 6;
