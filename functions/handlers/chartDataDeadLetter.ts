// Chart jobs the workers gave up on: each ends error (ASYNC_WORKERS_ERROR) with an event to its user,
// unless it already ended.
import type { SQSBatchResponse, SQSEvent } from 'aws-lambda';
import { getPorts } from '../ports/index';
import { deadLetterChartJob, parseChartJobMessage } from '../charts/data/jobs';

export async function handler(event: SQSEvent): Promise<SQSBatchResponse> {
  const ports = getPorts();
  const failures: SQSBatchResponse['batchItemFailures'] = [];
  for (const record of event.Records) {
    const message = parseChartJobMessage(record.body);
    if (!message) continue;
    try {
      await deadLetterChartJob(ports, message);
    } catch (error) {
      console.error(JSON.stringify({ level: 'error', msg: 'chart dead letter drain failed', jobId: message.jobId, error: String(error) }));
      failures.push({ itemIdentifier: record.messageId });
    }
  }
  return { batchItemFailures: failures };
}
