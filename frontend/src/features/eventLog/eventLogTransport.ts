// How a batch reaches the server. The spec sends a form (events, guest_token) through
// navigator.sendBeacon when the browser has it, else a normal POST. A beacon cannot carry the
// Authorization header, so the session's access token travels as a form field (`token`), which the
// event-log handler checks as the gateway's authorizer would.
import type { EventLogEntry } from './eventLog';

export interface EventLogTransportDeps {
  sendBeacon?: (url: string, data: FormData) => boolean;
  /** POST {events} as JSON with the session's token. */
  post: (endpoint: string, events: EventLogEntry[]) => Promise<unknown>;
  getToken: () => string | null;
  getGuestToken?: () => string | null;
  warn?: (message: string, detail?: unknown) => void;
}

export function beaconForm(events: readonly EventLogEntry[], guestToken: string | null | undefined, token?: string | null): FormData {
  const form = new FormData();
  form.append('events', JSON.stringify(events));
  if (guestToken) form.append('guest_token', guestToken);
  if (token) form.append('token', token);
  return form;
}

export function createEventLogSender(deps: EventLogTransportDeps) {
  return (endpoint: string, events: EventLogEntry[]) => {
    if (events.length === 0) return;
    const guestToken = deps.getGuestToken?.() ?? null;
    // sendBeacon returns false when the browser refuses (payload too large): fall back to the POST.
    if (deps.sendBeacon && deps.sendBeacon(endpoint, beaconForm(events, guestToken, deps.getToken()))) return;
    deps.post(endpoint, events).catch((error: unknown) => deps.warn?.('Event log could not be sent', error));
  };
}
