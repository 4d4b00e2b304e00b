// Async chart data as a kind of queued work (shared/resources/queues.ts `charts`): one message per
// job, keyed by its job id. A job held by another live worker fails the message, so it comes back
// and takes the job over if that worker dies (its lease ends); the dead-letter handler ends a job the
// workers gave up on as error.
import type { QueueJob } from '../../jobs/queueWorker';
import { engineFor } from '../../databases/engines';
import { queryCompiler } from './compiler';
import { deadLetterChartJob, parseChartJobMessage, runChartJob, type ChartJobMessage } from './jobs';

export const chartJob: QueueJob<ChartJobMessage> = {
  queue: 'charts',
  parse: parseChartJobMessage,
  key: (message) => message.jobId,
  run: async (ports, message) => {
    if (!(await runChartJob(ports, message, { compiler: queryCompiler, engineFor }))) {
      throw new Error(`chart job ${message.jobId} is held by another worker`);
    }
  },
  deadLetter: (ports, message) => deadLetterChartJob(ports, message),
};
