import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { QueueStore, SqsError } from '../../../../infra/local/sqs/queueStore';
import { md5OfMessageAttributes } from '../../../../infra/local/sqs/md5';

const opened: { store: QueueStore; dir: string }[] = [];
const newStore = (dir = mkdtempSync(join(tmpdir(), 'sqs-store-'))) => {
  const entry = { store: new QueueStore(dir, 'us-east-1'), dir };
  opened.push(entry);
  return entry;
};
afterEach(async () => {
  for (const { store, dir } of opened.splice(0)) {
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  }
});

describe('local SQS queue', () => {
  it('hides a received message for the visibility timeout and counts receives', async () => {
    const { store } = newStore();
    const q = store.create('q', { VisibilityTimeout: '30' });
    q.send('hello');
    const [first] = await q.receive({});
    expect(first.receiveCount).toBe(1);
    expect(await q.receive({})).toEqual([]);
    expect(q.attributes(['ApproximateNumberOfMessagesNotVisible'])).toEqual({ ApproximateNumberOfMessagesNotVisible: '1' });
    q.changeVisibility(first.receipt!, 0);
    const [again] = await q.receive({});
    expect(again.receiveCount).toBe(2);
    expect(again.receipt).not.toBe(first.receipt);
  });

  it('deletes only with the latest receipt handle', async () => {
    const { store } = newStore();
    const q = store.create('q');
    q.send('x');
    const [m1] = await q.receive({ visibilityTimeout: 0 });
    const stale = m1.receipt!;
    const [m2] = await q.receive({ visibilityTimeout: 0 });
    q.delete(stale);
    expect(q.attributes(['ApproximateNumberOfMessages']).ApproximateNumberOfMessages).toBe('1');
    q.delete(m2.receipt!);
    expect(q.attributes(['ApproximateNumberOfMessages']).ApproximateNumberOfMessages).toBe('0');
    expect(() => q.delete('garbage')).toThrow(SqsError);
  });

  it('redrives to the DLQ on the receive after maxReceiveCount', async () => {
    const { store } = newStore();
    const dlq = store.create('dlq');
    const q = store.create('q', { RedrivePolicy: JSON.stringify({ deadLetterTargetArn: dlq.arn, maxReceiveCount: 1 }) });
    q.send('poison');
    expect(await q.receive({ visibilityTimeout: 0 })).toHaveLength(1);
    expect(await q.receive({ visibilityTimeout: 0 })).toHaveLength(0);
    const [dead] = await dlq.receive({});
    expect(dead.body).toBe('poison');
    expect(dead.deadLetterSourceArn).toBe(q.arn);
  });

  it('keeps messages across a restart and makes in-flight ones visible again', async () => {
    const { store, dir } = newStore();
    const q = store.create('q', { VisibilityTimeout: '3600' });
    q.send('first');
    q.send('second');
    const [inFlight] = await q.receive({ max: 1 });
    await store.close();
    const reopened = newStore(dir).store;
    const got = await reopened.get('q').receive({ max: 10 });
    expect(got.map((m) => m.body).sort()).toEqual(['first', 'second']);
    expect(got.find((m) => m.messageId === inFlight.messageId)!.receiveCount).toBe(2);
    expect(got.find((m) => m.messageId !== inFlight.messageId)!.receiveCount).toBe(1);
  });

  it('long-polls until a message becomes visible, not until its deadline', async () => {
    // A fake clock: the delay and the poll's deadline pass only as the test advances time.
    vi.useFakeTimers({ toFake: ['Date', 'setTimeout', 'clearTimeout'] });
    try {
      const { store } = newStore();
      const q = store.create('q');
      q.send('later', { delaySeconds: 1 });
      let got: Awaited<ReturnType<typeof q.receive>> | undefined;
      const receiving = q.receive({ waitSeconds: 20 }).then((messages) => (got = messages));
      await vi.advanceTimersByTimeAsync(999);
      expect(got).toBeUndefined();
      await vi.advanceTimersByTimeAsync(1);
      await receiving;
      expect(got!.map((m) => m.body)).toEqual(['later']);
    } finally {
      vi.useRealTimers();
    }
  });

  it('rejects oversized bodies and unknown queues', () => {
    const { store } = newStore();
    const q = store.create('q');
    expect(() => q.send('x'.repeat(262_145))).toThrow(/shorter than/);
    expect(() => store.get('nope')).toThrow(expect.objectContaining({ code: 'QueueDoesNotExist' }));
  });

  it('digests message attributes independently of their order, and tells string from binary', () => {
    expect(md5OfMessageAttributes({ a: { DataType: 'String', StringValue: 'b' } })).not.toBe(
      md5OfMessageAttributes({ a: { DataType: 'String', BinaryValue: Buffer.from('b').toString('base64') } }),
    );
    expect(md5OfMessageAttributes({ a: { DataType: 'String', StringValue: 'b' }, c: { DataType: 'Number', StringValue: '1' } })).toBe(
      md5OfMessageAttributes({ c: { DataType: 'Number', StringValue: '1' }, a: { DataType: 'String', StringValue: 'b' } }),
    );
  });
});
