// Drains the query dead-letter queue: every query whose message the workers gave up on ends failed
// with ASYNC_WORKERS_ERROR (unless it already finished or was stopped), so none stays pending forever.
import { deadLetterWorker } from '../jobs/queueWorker';
import { queryJob } from '../sqllab/queryJob';

export const handler = deadLetterWorker(queryJob);
