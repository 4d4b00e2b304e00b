// POST /superset/log/?explode=events: the frontend's batched event log (JSON, or a form from sendBeacon).
import { httpModule } from '../http/httpModule';
import { getPorts } from '../ports/index';
import { recordEvents } from '../platform/eventLog';

export const handler = httpModule({
  'eventLog.post': async (req) => {
    await recordEvents(getPorts(), req.user.userId, {
      events: req.body.events,
      dashboardId: req.query.dashboard_id,
      sliceId: req.query.slice_id,
      referrer: req.headers.referer ?? req.headers.Referer,
    });
    return {};
  },
});
