// Report runs the workers gave up on end Error, unless they already ended.
import { deadLetterWorker } from '../jobs/queueWorker';
import { reportJob } from '../reports/reportJob';

export const handler = deadLetterWorker(reportJob);
