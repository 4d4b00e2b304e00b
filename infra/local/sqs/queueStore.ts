// The local SQS queues: one JSON file per queue under the data folder, loaded at start.
import { mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { LocalQueue, SqsError, type QueueFile, type QueueRegistry } from './localQueue';

export { LocalQueue, SqsError, queueArn, type StoredMessage } from './localQueue';

export class QueueStore implements QueueRegistry {
  readonly queues = new Map<string, LocalQueue>();
  /** Every pending long poll, so close() can answer them at once. */
  readonly waiters = new Set<() => void>();
  closed = false;

  constructor(
    private readonly dir: string,
    readonly region: string,
  ) {
    mkdirSync(dir, { recursive: true });
    for (const entry of readdirSync(dir)) {
      if (!entry.endsWith('.json')) continue;
      const state = JSON.parse(readFileSync(join(dir, entry), 'utf8')) as QueueFile;
      // The process that held in-flight messages is gone, so nobody will delete them: make them
      // visible now instead of after a visibility timeout that can be an hour long.
      for (const m of state.messages) if (m.receiveCount > 0) m.visibleAt = Math.min(m.visibleAt, Date.now());
      this.queues.set(state.name, new LocalQueue(this, join(dir, entry), state));
    }
  }

  create(name: string, attributes: Record<string, string> = {}): LocalQueue {
    if (!/^[A-Za-z0-9_-]{1,80}$/.test(name)) {
      throw new SqsError('InvalidParameterValue', 'Can only include alphanumeric characters, hyphens, or underscores. 1 to 80 in length');
    }
    let queue = this.queues.get(name);
    if (!queue) {
      const file = join(this.dir, `${name}.json`);
      queue = new LocalQueue(this, file, { name, createdAt: Date.now(), attributes: {}, messages: [] });
      this.queues.set(name, queue);
    }
    queue.setAttributes(attributes);
    return queue;
  }

  get(name: string): LocalQueue {
    const queue = this.queues.get(name);
    if (!queue) throw new SqsError('QueueDoesNotExist', 'The specified queue does not exist.', 400, 'AWS.SimpleQueueService.NonExistentQueue');
    return queue;
  }

  byArn(arn: string): LocalQueue | undefined {
    return [...this.queues.values()].find((q) => q.arn === arn);
  }

  async delete(name: string) {
    const queue = this.get(name);
    this.queues.delete(name);
    await queue.flush();
    await rm(join(this.dir, `${name}.json`), { force: true });
  }

  /** Answers pending long polls and waits for the last writes. */
  async close() {
    this.closed = true;
    for (const wake of [...this.waiters]) wake();
    await Promise.all([...this.queues.values()].map((q) => q.flush()));
  }
}
