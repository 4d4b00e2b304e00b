// The app's event logger wired to the browser. Features call `logEvent(name, payload)`; queued events
// are flushed when the page is hidden so a closing tab does not drop its last batch.
import { DEFAULT_TIMEOUT_MS } from '../../api/client';
import { getToken } from '../../auth/session';
import { createEventLogger, type EventLogEntry, type EventPayload } from './eventLog';
import { createEventLogSender } from './eventLogTransport';

let guestToken: string | null = null;
/** Embedded dashboards identify themselves with a guest token instead of a session. */
export const setGuestToken = (token: string | null) => {
  guestToken = token;
};

async function postEvents(endpoint: string, events: EventLogEntry[]) {
  const headers: Record<string, string> = { 'Content-Type': 'application/json', Accept: 'application/json' };
  const token = getToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  // Posted directly rather than through api.call: the endpoint (with its source id) is already built
  // and a failed log write must never end the session or surface as an error to the user.
  const response = await fetch(endpoint, {
    method: 'POST',
    headers,
    body: JSON.stringify({ events, ...(guestToken ? { guest_token: guestToken } : {}) }),
    keepalive: true,
    signal: AbortSignal.timeout?.(DEFAULT_TIMEOUT_MS),
  });
  if (!response.ok) throw new Error(`Event log answered ${response.status}`);
}

const logger = createEventLogger({
  send: createEventLogSender({
    sendBeacon: typeof navigator !== 'undefined' && navigator.sendBeacon ? (url, data) => navigator.sendBeacon(url, data) : undefined,
    post: postEvents,
    getToken,
    getGuestToken: () => guestToken,
    warn: (message, detail) => console.warn(message, detail),
  }),
  visibility: () => (typeof document !== 'undefined' ? document.visibilityState : undefined),
});

if (typeof window !== 'undefined') {
  window.addEventListener('pagehide', () => logger.flush());
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') logger.flush();
  });
}

export const logEvent = (eventName: string, payload?: EventPayload, options?: { timing?: boolean }) =>
  logger.logEvent(eventName, payload, options);
export const flushEventLog = () => logger.flush();
export type { EventLogEntry, EventPayload };
