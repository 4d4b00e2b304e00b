// Chart jobs the workers gave up on: each ends error (ASYNC_WORKERS_ERROR) with an event to its user,
// unless it already ended.
import { deadLetterWorker } from '../jobs/queueWorker';
import { chartJob } from '../charts/data/chartJob';

export const handler = deadLetterWorker(chartJob);
