// GET /api/v1/async_event/?last_id=: the caller's async events after last_id, for polling clients.
import { httpModule } from '../http/httpModule';
import { getPorts } from '../ports/index';
import { listEvents } from '../events/asyncEvents';

export const handler = httpModule({
  'asyncEvents.list': async (req) => ({ result: await listEvents(getPorts(), req.user.userId, req.query.last_id) }),
});
