// GET /api/v1/async_event/?last_id=: the caller's async events after last_id, for polling clients;
// POST /api/v1/async_event/ticket/: a single-use ticket to open the WebSocket with.
import { httpModule } from '../http/httpModule';
import { getPorts } from '../ports/index';
import { listEvents } from '../events/asyncEvents';
import { issueWsTicket } from '../events/wsTickets';

export const handler = httpModule({
  'asyncEvents.list': async (req) => ({ result: await listEvents(getPorts(), req.user.userId, req.query.last_id) }),
  'asyncEvents.ticket': async (req) => ({ result: await issueWsTicket(getPorts(), req.user.userId) }),
});
