import { describe, expect, it } from 'vitest';
import type { SQSRecord } from 'aws-lambda';
import { arnOfQueueUrl, succeeded, toSqsRecord } from '../../../../infra/local/pollers';

const records = ['a', 'b', 'c'].map((id) => ({ messageId: id }) as SQSRecord);

describe('partial batch responses', () => {
  it('deletes every record when the handler returns nothing or no failures', () => {
    expect(succeeded(records, { result: undefined })).toHaveLength(3);
    expect(succeeded(records, { result: { batchItemFailures: [] } })).toHaveLength(3);
  });

  it('keeps only the reported failures', () => {
    expect(succeeded(records, { result: { batchItemFailures: [{ itemIdentifier: 'b' }] } }).map((r) => r.messageId)).toEqual(['a', 'c']);
  });

  it('fails the whole batch when the handler throws or reports an unknown identifier', () => {
    expect(succeeded(records, { error: new Error('boom') })).toEqual([]);
    expect(succeeded(records, { result: { batchItemFailures: [{ itemIdentifier: 'zzz' }] } })).toEqual([]);
    expect(succeeded(records, { result: { batchItemFailures: [{}] } })).toEqual([]);
  });
});

describe('SQS records', () => {
  it('have the Lambda event source shape', () => {
    const record = toSqsRecord(
      { MessageId: 'm1', ReceiptHandle: 'r1', Body: '{"queryId":"q"}', MD5OfBody: 'x', Attributes: { ApproximateReceiveCount: '2', SentTimestamp: '1' } },
      'arn:aws:sqs:us-east-1:000000000000:q',
      'us-east-1',
    );
    expect(record).toMatchObject({
      messageId: 'm1',
      receiptHandle: 'r1',
      body: '{"queryId":"q"}',
      eventSource: 'aws:sqs',
      eventSourceARN: 'arn:aws:sqs:us-east-1:000000000000:q',
      attributes: { ApproximateReceiveCount: '2', SentTimestamp: '1' },
    });
  });

  it('derive the queue ARN from its URL', () => {
    expect(arnOfQueueUrl('http://127.0.0.1:8089/000000000000/sqlscape-local-queries', 'us-east-1')).toBe(
      'arn:aws:sqs:us-east-1:000000000000:sqlscape-local-queries',
    );
  });
});
