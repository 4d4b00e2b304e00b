// The reports queue's worker: renders and delivers each scheduled run (functions/reports/execute.ts).
import { queueWorker } from '../jobs/queueWorker';
import { reportJob } from '../reports/reportJob';

export const handler = queueWorker(reportJob);
