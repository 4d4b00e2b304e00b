// A WebSocket opened with a single-use ticket: the access token never goes in the socket URL (URLs are
// logged). The ticket comes from an authenticated POST first, so the socket opens a moment later;
// listeners added before that are attached when it does, and a failed ticket request is a close.
import type { SocketLike } from './AsyncEventClient';

type EventType = Parameters<SocketLike['addEventListener']>[0];
type Listener = Parameters<SocketLike['addEventListener']>[1];

/** ws(s)://<host>/ws, unless the deployment points the socket elsewhere (API Gateway WebSocket API). */
export function socketUrl(location: Pick<Location, 'protocol' | 'host'>, ticket: string, lastId: string | null, base?: string): string {
  const url = new URL(base || `${location.protocol === 'https:' ? 'wss:' : 'ws:'}//${location.host}/ws`);
  url.searchParams.set('ticket', ticket);
  if (lastId) url.searchParams.set('last_id', lastId);
  return url.toString();
}

/** A socket that asks `fetchTicket` for a ticket, then opens `open(ticket)`; `close` before that opens nothing. */
export function ticketSocket(fetchTicket: () => Promise<string>, open: (ticket: string) => SocketLike): SocketLike {
  const listeners: [EventType, Listener][] = [];
  let socket: SocketLike | null = null;
  let closed = false;
  const closedBeforeOpening = () => {
    for (const [type, listener] of listeners) if (type === 'close') listener({});
  };
  fetchTicket().then(
    (ticket) => {
      if (closed) return;
      try {
        socket = open(ticket);
      } catch {
        closedBeforeOpening();
        return;
      }
      for (const [type, listener] of listeners) socket.addEventListener(type, listener);
    },
    () => {
      if (!closed) closedBeforeOpening();
    },
  );
  return {
    addEventListener(type, listener) {
      listeners.push([type, listener]);
      socket?.addEventListener(type, listener);
    },
    close() {
      closed = true;
      socket?.close();
    },
  };
}
