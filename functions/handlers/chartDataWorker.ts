// The async chart data worker (charts queue): partial batch responses; a job another live worker
// holds comes back later (its message fails) until that worker's lease ends or the DLQ takes it.
import type { SQSBatchResponse, SQSEvent } from 'aws-lambda';
import { engineFor } from '../databases/engines';
import { getPorts } from '../ports/index';
import { queryCompiler } from '../charts/data/compiler';
import { parseChartJobMessage, runChartJob } from '../charts/data/jobs';

export async function handler(event: SQSEvent): Promise<SQSBatchResponse> {
  const ports = getPorts();
  const failures: SQSBatchResponse['batchItemFailures'] = [];
  await Promise.all(
    event.Records.map(async (record) => {
      const message = parseChartJobMessage(record.body);
      if (!message) {
        console.error(JSON.stringify({ level: 'error', msg: 'dropped malformed chart job message', messageId: record.messageId }));
        return;
      }
      try {
        if (!(await runChartJob(ports, message, { compiler: queryCompiler, engineFor }))) failures.push({ itemIdentifier: record.messageId });
      } catch (error) {
        console.error(JSON.stringify({ level: 'error', msg: 'chart job failed', jobId: message.jobId, error: String(error) }));
        failures.push({ itemIdentifier: record.messageId });
      }
    }),
  );
  return { batchItemFailures: failures };
}
