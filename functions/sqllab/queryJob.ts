// Async SQL Lab queries as a kind of queued work (shared/resources/queues.ts `queries`): one message
// per query, keyed by its user and client id. The worker claims and runs it (worker.ts); the dead-letter
// handler ends a query the workers gave up on as failed.
import type { QueueJob } from '../jobs/queueWorker';
import { parseQueryMessage, type QueryMessage } from './enqueue';
import { failDeadLettered, processQueryMessage } from './worker';

export const queryJob: QueueJob<QueryMessage> = {
  queue: 'queries',
  parse: parseQueryMessage,
  key: (message) => `${message.userId}#${message.clientId}`,
  // 'skipped': finished already, or a live worker holds it; only the latter matters, and it must stay
  // open to a redelivery that takes over if that worker dies.
  run: async (ports, message) => (await processQueryMessage(ports, message)) !== 'skipped',
  deadLetter: (ports, message) => failDeadLettered(ports, message),
};
