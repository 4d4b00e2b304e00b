// Receives async job events (query done, chart data ready) for the signed-in user. Prefers the
// WebSocket; after the socket has closed and 6 reconnects 2.5 s apart failed it falls back to polling
// GET /api/v1/async_event/?last_id= every 500 ms (charts-dashboards-reports.md §9). The last event id
// is kept in local storage so a reload or a reconnect resumes where the stream left off.
// I/O (socket, HTTP, storage, timers) comes in through `AsyncEventTransport`, so the state machine is
// tested with a fake socket and fake timers.
import { ASYNC_EVENTS } from '../../../../shared/constants';
import type { AsyncEventPayload } from '../../../../shared/schemas/responses/platform';

export type AsyncEvent = AsyncEventPayload;
export type AsyncEventListener = (event: AsyncEvent) => void;

/** The subset of WebSocket the client uses. */
export interface SocketLike {
  addEventListener(type: 'open' | 'close' | 'message' | 'error', listener: (event: { data?: unknown }) => void): void;
  close(): void;
}

export interface AsyncEventTransport {
  /** Opens a socket for the given last event id; may throw (treated as an immediate close). */
  openSocket(lastId: string | null): SocketLike;
  /** One poll of the event endpoint. */
  fetchEvents(lastId: string | null): Promise<AsyncEvent[]>;
  storage: Pick<Storage, 'getItem' | 'setItem'>;
  warn(message: string, detail?: unknown): void;
}

export type ConnectionState = 'idle' | 'connecting' | 'open' | 'reconnecting' | 'polling' | 'stopped';

/** Events that arrive before their listener registers are retried (spec: up to 6, growing delays). */
export const LISTENER_RETRY = { maxRetries: 6, baseDelayMs: 100 } as const;

/** Pulls the events out of whatever a socket message or poll carried: one event, a list, or {result}. */
export function eventsFromMessage(data: unknown): AsyncEvent[] {
  let value = data;
  if (typeof value === 'string') {
    try {
      value = JSON.parse(value);
    } catch {
      return [];
    }
  }
  if (Array.isArray(value)) return value.filter(isEvent);
  if (isEvent(value)) return [value];
  if (typeof value === 'object' && value !== null && Array.isArray((value as { result?: unknown }).result)) {
    return ((value as { result: unknown[] }).result).filter(isEvent);
  }
  return [];
}

function isEvent(value: unknown): value is AsyncEvent {
  return typeof value === 'object' && value !== null && typeof (value as AsyncEvent).job_id === 'string';
}

export class AsyncEventClient {
  state: ConnectionState = 'idle';
  /** Reconnects tried since the socket last opened. */
  reconnectAttempts = 0;

  private readonly listeners = new Map<string, Set<AsyncEventListener>>();
  private readonly retries = new Map<string, number>();
  private readonly timers = new Set<ReturnType<typeof setTimeout>>();
  private socket: SocketLike | null = null;
  private readonly stateListeners = new Set<(state: ConnectionState) => void>();

  constructor(private readonly transport: AsyncEventTransport) {}

  get lastEventId(): string | null {
    try {
      return this.transport.storage.getItem(ASYNC_EVENTS.lastEventIdKey);
    } catch {
      return null;
    }
  }

  /** Starts the WebSocket transport; no-op while already running. */
  start() {
    if (this.state !== 'idle' && this.state !== 'stopped') return;
    this.reconnectAttempts = 0;
    this.connect();
  }

  /** Closes the socket, stops polling and pending retries (logout). Listeners stay registered. */
  stop() {
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
    this.retries.clear();
    const socket = this.socket;
    this.socket = null;
    this.setState('stopped');
    socket?.close();
  }

  /** Listens for one job's events; starts the connection on first use. Returns the unsubscribe. */
  subscribe(jobId: string, listener: AsyncEventListener): () => void {
    let set = this.listeners.get(jobId);
    if (!set) this.listeners.set(jobId, (set = new Set()));
    set.add(listener);
    this.start();
    return () => {
      set.delete(listener);
      if (set.size === 0 && this.listeners.get(jobId) === set) this.listeners.delete(jobId);
    };
  }

  onStateChange(listener: (state: ConnectionState) => void): () => void {
    this.stateListeners.add(listener);
    return () => this.stateListeners.delete(listener);
  }

  /** Delivers events to their listeners (also the entry point for events fetched elsewhere). */
  processEvents(events: AsyncEvent[]) {
    for (const event of events) {
      this.rememberLastId(event);
      this.deliver(event);
    }
  }

  private deliver(event: AsyncEvent) {
    const set = this.listeners.get(event.job_id);
    if (set && set.size > 0) {
      this.retries.delete(event.job_id);
      for (const listener of [...set]) listener(event);
      return;
    }
    // The event can beat the listener: the 202 answer and the event race. Retry a few times.
    const attempt = (this.retries.get(event.job_id) ?? 0) + 1;
    if (attempt > LISTENER_RETRY.maxRetries) {
      this.retries.delete(event.job_id);
      this.transport.warn(`listener not found for job_id ${event.job_id}`, event);
      return;
    }
    this.retries.set(event.job_id, attempt);
    this.later(() => this.deliver(event), LISTENER_RETRY.baseDelayMs * attempt);
  }

  private rememberLastId(event: AsyncEvent) {
    if (typeof event.id !== 'string' || event.id === '') return;
    try {
      this.transport.storage.setItem(ASYNC_EVENTS.lastEventIdKey, event.id);
    } catch {
      // Storage full or disabled: resuming after a reload replays more events, which is harmless.
    }
  }

  private connect() {
    this.setState(this.reconnectAttempts === 0 ? 'connecting' : 'reconnecting');
    let socket: SocketLike;
    try {
      socket = this.transport.openSocket(this.lastEventId);
    } catch (error) {
      this.transport.warn('WebSocket could not be opened', error);
      this.onSocketClosed(null);
      return;
    }
    this.socket = socket;
    socket.addEventListener('open', () => {
      if (this.socket !== socket) return;
      this.reconnectAttempts = 0;
      this.setState('open');
    });
    socket.addEventListener('message', (message) => {
      if (this.socket === socket) this.processEvents(eventsFromMessage(message.data));
    });
    socket.addEventListener('close', () => this.onSocketClosed(socket));
  }

  private onSocketClosed(socket: SocketLike | null) {
    // A close from a socket we already dropped (stop, or a stale one) must not reconnect.
    if (socket !== this.socket || this.state === 'stopped') return;
    this.socket = null;
    if (this.reconnectAttempts < ASYNC_EVENTS.maxReconnectAttempts) {
      this.setState('reconnecting');
      this.later(() => {
        this.reconnectAttempts += 1;
        this.connect();
      }, ASYNC_EVENTS.reconnectDelayMs);
      return;
    }
    this.transport.warn('WebSocket connection failed, falling back to polling');
    this.setState('polling');
    this.poll();
  }

  private poll() {
    if (this.state !== 'polling') return;
    this.transport.fetchEvents(this.lastEventId).then(
      (events) => {
        if (this.state !== 'polling') return;
        this.processEvents(events);
        this.later(() => this.poll(), ASYNC_EVENTS.pollDelayMs);
      },
      (error) => {
        if (this.state !== 'polling') return;
        this.transport.warn('Error fetching async events', error);
        this.later(() => this.poll(), ASYNC_EVENTS.pollDelayMs);
      },
    );
  }

  private later(fn: () => void, ms: number) {
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      fn();
    }, ms);
    this.timers.add(timer);
  }

  private setState(state: ConnectionState) {
    if (this.state === state) return;
    this.state = state;
    for (const listener of this.stateListeners) listener(state);
  }
}
