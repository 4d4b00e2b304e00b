// The app's async event client wired to the browser: a WebSocket on <host>/ws opened with a
// single-use ticket (ticketSocket.ts), polling through the typed API client, local storage for the last event id. Features call
// `subscribe` or `waitForAsyncJob`; the connection starts on first use and stops at logout.
import { api } from '../../api/client';
import { onSessionEnd } from '../../auth/session';
import { AsyncEventClient, type AsyncEvent, type AsyncEventListener, type AsyncEventTransport } from './AsyncEventClient';
import { socketUrl, ticketSocket } from './ticketSocket';

const browserTransport: AsyncEventTransport = {
  openSocket: (lastId) =>
    ticketSocket(
      async () => (await api.call('asyncEvents.ticket', {})).result.ticket,
      (ticket) => new WebSocket(socketUrl(window.location, ticket, lastId, import.meta.env?.VITE_ASYNC_WS_URL)),
    ),
  fetchEvents: async (lastId) => {
    const response = await api.call('asyncEvents.list', { query: lastId ? { last_id: lastId } : {} });
    return response?.result ?? [];
  },
  get storage() {
    return window.localStorage;
  },
  warn: (message, detail) => console.warn(message, detail ?? ''),
};

export const asyncEventClient = new AsyncEventClient(browserTransport);

onSessionEnd(() => asyncEventClient.stop());

export const subscribe = (jobId: string, listener: AsyncEventListener) => asyncEventClient.subscribe(jobId, listener);
export const startAsyncEvents = () => asyncEventClient.start();
export const stopAsyncEvents = () => asyncEventClient.stop();

/** A job finished with status 'error': carries the event's Superset errors. */
export class AsyncJobError extends Error {
  constructor(readonly event: AsyncEvent) {
    super(event.errors?.[0]?.message ?? 'The asynchronous job failed');
    this.name = 'AsyncJobError';
  }
}

/**
 * Resolves with the job's 'done' event, rejects with AsyncJobError on 'error' (spec: status error
 * rejects the caller). Other statuses (running, ...) are progress and keep waiting.
 */
export function waitForAsyncJob(jobId: string, options: { signal?: AbortSignal; client?: AsyncEventClient } = {}): Promise<AsyncEvent> {
  const client = options.client ?? asyncEventClient;
  return new Promise((resolve, reject) => {
    const onAbort = () => {
      unsubscribe();
      reject(options.signal?.reason ?? new DOMException('Aborted', 'AbortError'));
    };
    const unsubscribe = client.subscribe(jobId, (event) => {
      if (event.status !== 'done' && event.status !== 'error') return;
      unsubscribe();
      options.signal?.removeEventListener('abort', onAbort);
      if (event.status === 'done') resolve(event);
      else reject(new AsyncJobError(event));
    });
    if (options.signal?.aborted) onAbort();
    else options.signal?.addEventListener('abort', onAbort, { once: true });
  });
}

/** Waits for the job and fetches its result_url (chart data jobs). */
export async function waitForAsyncData(jobId: string, options: { signal?: AbortSignal } = {}): Promise<unknown> {
  const event = await waitForAsyncJob(jobId, options);
  if (!event.result_url) return event;
  return api.getUrl(event.result_url, { signal: options.signal });
}
