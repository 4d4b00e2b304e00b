// The queue port: work for the SQS-fed workers.
import { SendMessageCommand, type SQSClient } from '@aws-sdk/client-sqs';
import type { QueueName } from '../../shared/resources/index';

export interface Queue {
  send(queue: QueueName, message: Record<string, unknown>, options?: { delaySeconds?: number }): Promise<void>;
}

export function sqsQueue(client: SQSClient, urls: Record<QueueName, string>): Queue {
  return {
    async send(queue, message, options = {}) {
      await client.send(
        new SendMessageCommand({
          QueueUrl: urls[queue],
          MessageBody: JSON.stringify(message),
          DelaySeconds: options.delaySeconds,
        }),
      );
    },
  };
}
