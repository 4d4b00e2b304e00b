// Drains the query dead-letter queue: every query whose message the workers gave up on ends failed
// with ASYNC_WORKERS_ERROR (unless it already finished or was stopped), so none stays pending forever.
import type { SQSBatchResponse, SQSEvent } from 'aws-lambda';
import { getPorts } from '../ports/index';
import { parseQueryMessage } from '../sqllab/enqueue';
import { failDeadLettered } from '../sqllab/worker';

export async function handler(event: SQSEvent): Promise<SQSBatchResponse> {
  const ports = getPorts();
  const failures: SQSBatchResponse['batchItemFailures'] = [];
  for (const record of event.Records) {
    const message = parseQueryMessage(record.body);
    if (!message) continue;
    try {
      await failDeadLettered(ports, message);
    } catch (error) {
      console.error(JSON.stringify({ level: 'error', msg: 'dead letter drain failed', clientId: message.clientId, error: String(error) }));
      failures.push({ itemIdentifier: record.messageId });
    }
  }
  return { batchItemFailures: failures };
}
