// The async query worker Lambda (SQS; batch size from shared/resources/queues.ts, but any batch
// works): partial batch responses and idempotency come from functions/jobs/queueWorker.ts.
import { queueWorker } from '../jobs/queueWorker';
import { queryJob } from '../sqllab/queryJob';

export const handler = queueWorker(queryJob);
