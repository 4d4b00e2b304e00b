// One local SQS standard queue: messages with their visibility, receive counts and redrive to a
// dead-letter queue, as AWS documents them. It lives in memory and is written to its JSON file on
// every change, so queued and in-flight work survives a restart.
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { rename, writeFile } from 'node:fs/promises';
import { ACCOUNT_ID } from '../config';
import { md5OfMessageAttributes, type MessageAttributes } from './md5';

export interface StoredMessage {
  messageId: string;
  body: string;
  md5OfBody: string;
  messageAttributes?: MessageAttributes;
  md5OfMessageAttributes?: string;
  sentAt: number;
  firstReceivedAt?: number;
  receiveCount: number;
  visibleAt: number;
  /** The latest receipt handle; only it may delete the message, as in AWS. */
  receipt?: string;
  deadLetterSourceArn?: string;
}

export interface QueueFile {
  name: string;
  createdAt: number;
  attributes: Record<string, string>;
  messages: StoredMessage[];
}

export class SqsError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly status = 400,
    /** The legacy query-protocol code the SDK also reads from x-amzn-query-error. */
    readonly queryCode = code,
  ) {
    super(message);
  }
}

const DEFAULT_ATTRIBUTES: Record<string, string> = {
  VisibilityTimeout: '30',
  MessageRetentionPeriod: '345600',
  MaximumMessageSize: '262144',
  DelaySeconds: '0',
  ReceiveMessageWaitTimeSeconds: '0',
};
const SETTABLE = new Set([...Object.keys(DEFAULT_ATTRIBUTES), 'RedrivePolicy', 'Policy', 'SqsManagedSseEnabled']);

/** What a queue needs from the set of queues it belongs to. */
export interface QueueRegistry {
  readonly region: string;
  readonly closed: boolean;
  readonly waiters: Set<() => void>;
  byArn(arn: string): LocalQueue | undefined;
}

export const queueArn = (region: string, name: string) => `arn:aws:sqs:${region}:${ACCOUNT_ID}:${name}`;
const md5 = (text: string) => createHash('md5').update(text, 'utf8').digest('hex');

export class LocalQueue {
  private waiters = new Set<() => void>();
  private writing: Promise<void> = Promise.resolve();
  private dirty = false;

  constructor(
    private readonly store: QueueRegistry,
    private readonly file: string,
    readonly state: QueueFile,
  ) {}

  get name() {
    return this.state.name;
  }
  get arn() {
    return queueArn(this.store.region, this.state.name);
  }
  private attr(name: string) {
    return Number(this.state.attributes[name] ?? DEFAULT_ATTRIBUTES[name]);
  }

  setAttributes(attributes: Record<string, string>) {
    for (const [key, value] of Object.entries(attributes)) {
      if (!SETTABLE.has(key)) throw new SqsError('InvalidAttributeName', `Unknown Attribute ${key}.`);
      if (key === 'RedrivePolicy') {
        const policy = JSON.parse(value) as { deadLetterTargetArn?: string; maxReceiveCount?: number | string };
        if (!policy.deadLetterTargetArn || !(Number(policy.maxReceiveCount) >= 1)) {
          throw new SqsError('InvalidParameterValue', 'Value for parameter RedrivePolicy is invalid.');
        }
      }
      this.state.attributes[key] = String(value);
    }
    this.changed();
  }

  attributes(names: string[] = ['All']): Record<string, string> {
    this.dropExpired();
    const now = Date.now();
    const all: Record<string, string> = {
      ...DEFAULT_ATTRIBUTES,
      ...this.state.attributes,
      QueueArn: this.arn,
      CreatedTimestamp: String(Math.floor(this.state.createdAt / 1000)),
      LastModifiedTimestamp: String(Math.floor(this.state.createdAt / 1000)),
      ApproximateNumberOfMessages: String(this.state.messages.filter((m) => m.visibleAt <= now).length),
      ApproximateNumberOfMessagesNotVisible: String(
        this.state.messages.filter((m) => m.visibleAt > now && m.receiveCount > 0).length,
      ),
      ApproximateNumberOfMessagesDelayed: String(
        this.state.messages.filter((m) => m.visibleAt > now && m.receiveCount === 0).length,
      ),
    };
    if (names.includes('All')) return all;
    return Object.fromEntries(names.filter((n) => n in all).map((n) => [n, all[n]]));
  }

  send(body: string, options: { delaySeconds?: number; messageAttributes?: MessageAttributes } = {}) {
    if (typeof body !== 'string' || body.length === 0) {
      throw new SqsError('MissingParameter', 'The request must contain the parameter MessageBody.');
    }
    if (Buffer.byteLength(body) > this.attr('MaximumMessageSize')) {
      throw new SqsError('InvalidParameterValue', 'One or more parameters are invalid. Reason: Message must be shorter than 262144 bytes.');
    }
    const delay = options.delaySeconds ?? this.attr('DelaySeconds');
    if (!(delay >= 0 && delay <= 900)) throw new SqsError('InvalidParameterValue', 'Value for parameter DelaySeconds is invalid.');
    const now = Date.now();
    const attrs = options.messageAttributes && Object.keys(options.messageAttributes).length ? options.messageAttributes : undefined;
    const message: StoredMessage = {
      messageId: randomUUID(),
      body,
      md5OfBody: md5(body),
      messageAttributes: attrs,
      md5OfMessageAttributes: attrs ? md5OfMessageAttributes(attrs) : undefined,
      sentAt: now,
      receiveCount: 0,
      visibleAt: now + delay * 1000,
    };
    this.enqueue(message);
    return message;
  }

  enqueue(message: StoredMessage) {
    this.state.messages.push(message);
    this.changed();
  }

  /** Receives up to `max` visible messages, long-polling up to `waitSeconds` when none is visible. */
  async receive(options: { max?: number; visibilityTimeout?: number; waitSeconds?: number; signal?: AbortSignal }) {
    const max = options.max ?? 1;
    if (!(max >= 1 && max <= 10)) throw new SqsError('InvalidParameterValue', 'Value for parameter MaxNumberOfMessages is invalid.');
    const wait = options.waitSeconds ?? this.attr('ReceiveMessageWaitTimeSeconds');
    if (!(wait >= 0 && wait <= 20)) throw new SqsError('InvalidParameterValue', 'Value for parameter WaitTimeSeconds is invalid.');
    const deadline = Date.now() + wait * 1000;
    for (;;) {
      const got = this.take(max, options.visibilityTimeout ?? this.attr('VisibilityTimeout'));
      if (got.length || Date.now() >= deadline || options.signal?.aborted || this.store.closed) return got;
      await this.waitForChange(deadline, options.signal);
    }
  }

  private take(max: number, visibilityTimeout: number): StoredMessage[] {
    this.dropExpired();
    const now = Date.now();
    const redrive = this.redrivePolicy();
    const out: StoredMessage[] = [];
    for (const message of [...this.state.messages].sort((a, b) => a.sentAt - b.sentAt)) {
      if (out.length >= max) break;
      if (message.visibleAt > now) continue;
      // AWS moves a message when a receive would exceed maxReceiveCount, not after the last failure.
      if (redrive && message.receiveCount >= redrive.maxReceiveCount && this.moveToDeadLetter(message, redrive.target)) continue;
      message.receiveCount++;
      message.firstReceivedAt ??= now;
      message.visibleAt = now + visibilityTimeout * 1000;
      message.receipt = `${Buffer.from(message.messageId).toString('base64url')}.${randomBytes(16).toString('base64url')}`;
      // A copy: callers serialize it later, when further receives may have changed the original.
      out.push({ ...message });
    }
    if (out.length) this.changed();
    return out;
  }

  private redrivePolicy() {
    const raw = this.state.attributes.RedrivePolicy;
    if (!raw) return null;
    const policy = JSON.parse(raw) as { deadLetterTargetArn: string; maxReceiveCount: number | string };
    return { target: policy.deadLetterTargetArn, maxReceiveCount: Number(policy.maxReceiveCount) };
  }

  private moveToDeadLetter(message: StoredMessage, targetArn: string): boolean {
    const dlq = this.store.byArn(targetArn);
    if (!dlq) return false;
    this.remove(message);
    dlq.enqueue({
      ...message,
      receiveCount: 0,
      firstReceivedAt: undefined,
      receipt: undefined,
      visibleAt: Date.now(),
      deadLetterSourceArn: this.arn,
    });
    return true;
  }

  private find(receipt: string): StoredMessage | undefined {
    const [id] = receipt.split('.');
    if (!id || !receipt.includes('.')) {
      throw new SqsError('ReceiptHandleIsInvalid', `The input receipt handle "${receipt}" is not a valid receipt handle.`);
    }
    const messageId = Buffer.from(id, 'base64url').toString();
    return this.state.messages.find((m) => m.messageId === messageId);
  }

  /** Deleting with a stale receipt handle succeeds without deleting, as AWS documents. */
  delete(receipt: string) {
    const message = this.find(receipt);
    if (message && message.receipt === receipt) this.remove(message);
  }

  changeVisibility(receipt: string, seconds: number) {
    if (!(seconds >= 0 && seconds <= 43200)) throw new SqsError('InvalidParameterValue', 'Value for parameter VisibilityTimeout is invalid.');
    const message = this.find(receipt);
    if (!message || message.receipt !== receipt || message.visibleAt <= Date.now()) {
      throw new SqsError('MessageNotInflight', 'Message does not exist or is not available for visibility timeout change.', 400, 'AWS.SimpleQueueService.MessageNotInflight');
    }
    message.visibleAt = Date.now() + seconds * 1000;
    this.changed();
  }

  purge() {
    this.state.messages = [];
    this.changed();
  }

  private remove(message: StoredMessage) {
    this.state.messages = this.state.messages.filter((m) => m !== message);
    this.changed();
  }

  private dropExpired() {
    const oldest = Date.now() - this.attr('MessageRetentionPeriod') * 1000;
    const before = this.state.messages.length;
    this.state.messages = this.state.messages.filter((m) => m.sentAt > oldest);
    if (this.state.messages.length !== before) this.changed();
  }

  private waitForChange(deadline: number, signal?: AbortSignal): Promise<void> {
    const now = Date.now();
    const nextVisible = Math.min(...this.state.messages.map((m) => m.visibleAt).filter((t) => t > now), deadline);
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.waiters.delete(done);
        this.store.waiters.delete(done);
        signal?.removeEventListener('abort', done);
        resolve();
      };
      const timer = setTimeout(done, Math.max(0, nextVisible - now));
      this.waiters.add(done);
      this.store.waiters.add(done);
      signal?.addEventListener('abort', done);
    });
  }

  private changed() {
    for (const wake of [...this.waiters]) wake();
    this.persist();
  }

  /** Coalesces writes: at most one in flight, and one more after it when something changed meanwhile. */
  private persist() {
    if (this.dirty) return;
    this.dirty = true;
    this.writing = this.writing
      .then(async () => {
        this.dirty = false;
        const tmp = `${this.file}.tmp`;
        await writeFile(tmp, JSON.stringify(this.state));
        await rename(tmp, this.file);
      })
      // A failed write must not break the chain: the next change writes the whole state again.
      .catch((error) => console.error(`[local sqs] could not save ${this.file}:`, (error as Error).message));
  }

  flush() {
    return this.writing;
  }
}
