// The async query worker Lambda (SQS, batch size 1 by shared/resources/queues.ts, but any batch works): partial
// batch responses, so one failed query's message comes back without redoing the others. A message
// that is not a query message can never succeed; it is logged and dropped instead of cycling to the DLQ.
import type { SQSBatchResponse, SQSEvent } from 'aws-lambda';
import { getPorts } from '../ports/index';
import { parseQueryMessage } from '../sqllab/enqueue';
import { processQueryMessage } from '../sqllab/worker';

export async function handler(event: SQSEvent): Promise<SQSBatchResponse> {
  const ports = getPorts();
  const failures: SQSBatchResponse['batchItemFailures'] = [];
  await Promise.all(
    event.Records.map(async (record) => {
      const message = parseQueryMessage(record.body);
      if (!message) {
        console.error(JSON.stringify({ level: 'error', msg: 'dropped malformed query message', messageId: record.messageId }));
        return;
      }
      try {
        await processQueryMessage(ports, message);
      } catch (error) {
        console.error(JSON.stringify({ level: 'error', msg: 'query worker failed', clientId: message.clientId, error: String(error) }));
        failures.push({ itemIdentifier: record.messageId });
      }
    }),
  );
  return { batchItemFailures: failures };
}
