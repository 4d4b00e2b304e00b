// POST /superset/log/?explode=events: the frontend's batched event log (JSON, or a form from sendBeacon).
import { httpModule } from '../http/httpModule';
import { getPorts } from '../ports/index';
import { recordEvents } from '../platform/eventLog';
import { beaconIdentity } from '../platform/auth/beaconIdentity';

export const handler = httpModule({
  'eventLog.post': async (req) => {
    const user = req.user ?? (await beaconIdentity(req.headers, req.body.token));
    await recordEvents(getPorts(), user.userId, {
      events: req.body.events,
      dashboardId: req.query.dashboard_id,
      sliceId: req.query.slice_id,
      referrer: req.headers.referer ?? req.headers.Referer,
    });
    return {};
  },
});
