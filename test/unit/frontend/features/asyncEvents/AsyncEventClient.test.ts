import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  AsyncEventClient,
  eventsFromMessage,
  type AsyncEvent,
  type AsyncEventTransport,
  type SocketLike,
} from '../../../../../frontend/src/features/asyncEvents/AsyncEventClient';
import { waitForAsyncJob, AsyncJobError } from '../../../../../frontend/src/features/asyncEvents/asyncEvents';
import { socketUrl, ticketSocket } from '../../../../../frontend/src/features/asyncEvents/ticketSocket';
import { ASYNC_EVENTS } from '../../../../../shared/constants';

class FakeSocket implements SocketLike {
  closed = false;
  private handlers: Record<string, ((event: { data?: unknown }) => void)[]> = {};
  constructor(readonly lastId: string | null) {}
  addEventListener(type: string, listener: (event: { data?: unknown }) => void) {
    (this.handlers[type] ??= []).push(listener);
  }
  emit(type: 'open' | 'close' | 'message', data?: unknown) {
    for (const handler of this.handlers[type] ?? []) handler({ data });
  }
  close() {
    this.closed = true;
    this.emit('close');
  }
}

function fakeTransport() {
  const store = new Map<string, string>();
  const sockets: FakeSocket[] = [];
  const polls: (string | null)[] = [];
  const warnings: string[] = [];
  let pollAnswer: () => Promise<AsyncEvent[]> = async () => [];
  const transport: AsyncEventTransport = {
    openSocket: (lastId) => {
      const socket = new FakeSocket(lastId);
      sockets.push(socket);
      return socket;
    },
    fetchEvents: (lastId) => {
      polls.push(lastId);
      return pollAnswer();
    },
    storage: { getItem: (k) => store.get(k) ?? null, setItem: (k, v) => void store.set(k, v) },
    warn: (message) => void warnings.push(message),
  };
  return { transport, store, sockets, polls, warnings, answerPolls: (fn: () => Promise<AsyncEvent[]>) => (pollAnswer = fn) };
}

const event = (id: string, jobId: string, status = 'done'): AsyncEvent => ({ id, job_id: jobId, channel_id: 'c', user_id: 1, status, errors: [], result_url: null });

describe('AsyncEventClient', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('delivers socket events to the job listener and stores the last event id', () => {
    const fake = fakeTransport();
    const client = new AsyncEventClient(fake.transport);
    const seen: AsyncEvent[] = [];
    client.subscribe('job-1', (e) => seen.push(e));
    expect(fake.sockets).toHaveLength(1);
    fake.sockets[0].emit('open');
    expect(client.state).toBe('open');
    fake.sockets[0].emit('message', JSON.stringify(event('1700-0', 'job-1')));
    expect(seen.map((e) => e.id)).toEqual(['1700-0']);
    expect(fake.store.get(ASYNC_EVENTS.lastEventIdKey)).toBe('1700-0');
  });

  it('resumes from the stored last event id', () => {
    const fake = fakeTransport();
    fake.store.set(ASYNC_EVENTS.lastEventIdKey, '42-0');
    new AsyncEventClient(fake.transport).start();
    expect(fake.sockets[0].lastId).toBe('42-0');
  });

  it('reconnects every 2.5 s up to 6 attempts, then polls every 500 ms', async () => {
    const fake = fakeTransport();
    const client = new AsyncEventClient(fake.transport);
    client.start();
    fake.sockets[0].emit('close');
    for (let attempt = 1; attempt <= 6; attempt++) {
      await vi.advanceTimersByTimeAsync(ASYNC_EVENTS.reconnectDelayMs - 1);
      expect(fake.sockets).toHaveLength(attempt);
      await vi.advanceTimersByTimeAsync(1);
      expect(fake.sockets).toHaveLength(attempt + 1);
      expect(client.reconnectAttempts).toBe(attempt);
      fake.sockets[attempt].emit('close');
    }
    expect(client.state).toBe('polling');
    expect(fake.polls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(ASYNC_EVENTS.pollDelayMs);
    expect(fake.polls).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(ASYNC_EVENTS.pollDelayMs * 3);
    expect(fake.polls).toHaveLength(5);
    // No more sockets once polling took over.
    expect(fake.sockets).toHaveLength(7);
  });

  it('a successful open resets the reconnect budget', async () => {
    const fake = fakeTransport();
    const client = new AsyncEventClient(fake.transport);
    client.start();
    for (let i = 0; i < 5; i++) {
      fake.sockets.at(-1)!.emit('close');
      await vi.advanceTimersByTimeAsync(ASYNC_EVENTS.reconnectDelayMs);
    }
    expect(client.reconnectAttempts).toBe(5);
    fake.sockets.at(-1)!.emit('open');
    expect(client.reconnectAttempts).toBe(0);
    fake.sockets.at(-1)!.emit('close');
    await vi.advanceTimersByTimeAsync(ASYNC_EVENTS.reconnectDelayMs);
    expect(client.state).not.toBe('polling');
    expect(fake.sockets).toHaveLength(7);
  });

  it('polls with the last event id and keeps polling after an error', async () => {
    const fake = fakeTransport();
    const client = new AsyncEventClient(fake.transport);
    const seen: string[] = [];
    client.subscribe('job-9', (e) => seen.push(e.id));
    for (let i = 0; i <= 6; i++) {
      fake.sockets.at(-1)!.emit('close');
      await vi.advanceTimersByTimeAsync(ASYNC_EVENTS.reconnectDelayMs);
    }
    expect(client.state).toBe('polling');
    fake.answerPolls(async () => [event('5-0', 'job-9')]);
    await vi.advanceTimersByTimeAsync(ASYNC_EVENTS.pollDelayMs);
    expect(seen).toEqual(['5-0']);
    fake.answerPolls(async () => {
      throw new Error('network');
    });
    await vi.advanceTimersByTimeAsync(ASYNC_EVENTS.pollDelayMs);
    expect(fake.warnings).toContain('Error fetching async events');
    const pollsBefore = fake.polls.length;
    fake.answerPolls(async () => []);
    await vi.advanceTimersByTimeAsync(ASYNC_EVENTS.pollDelayMs);
    expect(fake.polls.length).toBe(pollsBefore + 1);
    expect(fake.polls.at(-1)).toBe('5-0');
  });

  it('retries an event without listener up to 6 times with growing delays, then warns', async () => {
    const fake = fakeTransport();
    const client = new AsyncEventClient(fake.transport);
    client.start();
    fake.sockets[0].emit('message', event('1-0', 'late'));
    // Delays 100, 200, ..., 600 ms: a listener registered within that window still gets the event.
    await vi.advanceTimersByTimeAsync(100 + 200 + 300);
    const seen: string[] = [];
    client.subscribe('late', (e) => seen.push(e.id));
    await vi.advanceTimersByTimeAsync(400);
    expect(seen).toEqual(['1-0']);

    fake.sockets[0].emit('message', event('2-0', 'orphan'));
    await vi.advanceTimersByTimeAsync(100 + 200 + 300 + 400 + 500 + 600 - 1);
    expect(fake.warnings).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(fake.warnings).toEqual(['listener not found for job_id orphan']);
  });

  it('stop closes the socket without reconnecting; start opens a new one', async () => {
    const fake = fakeTransport();
    const client = new AsyncEventClient(fake.transport);
    client.start();
    client.stop();
    expect(fake.sockets[0].closed).toBe(true);
    await vi.advanceTimersByTimeAsync(ASYNC_EVENTS.reconnectDelayMs * 10);
    expect(fake.sockets).toHaveLength(1);
    expect(client.state).toBe('stopped');
    client.start();
    expect(fake.sockets).toHaveLength(2);
  });

  it('waitForAsyncJob resolves on done, rejects on error, ignores progress', async () => {
    const fake = fakeTransport();
    const client = new AsyncEventClient(fake.transport);
    const done = waitForAsyncJob('a', { client });
    const failed = waitForAsyncJob('b', { client });
    fake.sockets[0].emit('message', [event('1-0', 'a', 'running'), event('2-0', 'a', 'done')]);
    fake.sockets[0].emit('message', { result: [{ ...event('3-0', 'b', 'error'), errors: [{ message: 'boom' }] }] });
    await expect(done).resolves.toMatchObject({ id: '2-0', status: 'done' });
    const error = await failed.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AsyncJobError);
    expect((error as Error).message).toBe('boom');
  });
});

describe('eventsFromMessage and socketUrl', () => {
  it('accepts one event, a list, or {result}, and ignores junk', () => {
    expect(eventsFromMessage('{"id":"1","job_id":"j","status":"done"}')).toHaveLength(1);
    expect(eventsFromMessage([event('1', 'j'), { nope: 1 }])).toHaveLength(1);
    expect(eventsFromMessage({ result: [event('1', 'j')] })).toHaveLength(1);
    expect(eventsFromMessage('not json')).toEqual([]);
  });

  it('builds ws/wss URLs on the page host with the ticket and last id, never a token', () => {
    expect(socketUrl({ protocol: 'http:', host: 'localhost:8088' }, 'tkt', '5-0')).toBe('ws://localhost:8088/ws?ticket=tkt&last_id=5-0');
    expect(socketUrl({ protocol: 'https:', host: 'app.example.com' }, 'tkt', null)).toBe('wss://app.example.com/ws?ticket=tkt');
  });
});

describe('ticketSocket', () => {
  const fakeSocket = () => {
    const added: string[] = [];
    let closed = false;
    return {
      added,
      get closed() {
        return closed;
      },
      addEventListener: (type: string) => void added.push(type),
      close: () => void (closed = true),
    };
  };

  it('opens the socket with the fetched ticket and attaches listeners added before it opened', async () => {
    const inner = fakeSocket();
    const opened: string[] = [];
    const socket = ticketSocket(async () => 'T1', (ticket) => (opened.push(ticket), inner));
    socket.addEventListener('message', () => undefined);
    await vi.waitFor(() => expect(opened).toEqual(['T1']));
    socket.addEventListener('close', () => undefined);
    expect(inner.added).toEqual(['message', 'close']);
    socket.close();
    expect(inner.closed).toBe(true);
  });

  it('reports a close when the ticket cannot be had, and opens nothing once closed', async () => {
    const closes: string[] = [];
    const failing = ticketSocket(async () => Promise.reject(new Error('401')), () => fakeSocket());
    failing.addEventListener('close', () => closes.push('closed'));
    await vi.waitFor(() => expect(closes).toEqual(['closed']));

    let release!: (ticket: string) => void;
    const opened: string[] = [];
    const early = ticketSocket(() => new Promise<string>((resolve) => (release = resolve)), (ticket) => (opened.push(ticket), fakeSocket()));
    early.close();
    release('T2');
    await Promise.resolve();
    expect(opened).toEqual([]);
  });
});
