// The async chart data worker (charts queue): partial batches and idempotency per job from
// functions/jobs/queueWorker.ts.
import { queueWorker } from '../jobs/queueWorker';
import { chartJob } from '../charts/data/chartJob';

export const handler = queueWorker(chartJob);
