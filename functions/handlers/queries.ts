// Superset's QueryRestApi routes. Services check permissions; this file only maps routes.
import { httpModule } from '../http/httpModule';
import { getPorts } from '../ports/index';
import { listQueries } from '../queries/list';
import { queriesUpdatedSince, showQuery } from '../queries/show';
import { stopQuery } from '../queries/stop';

export const handler = httpModule({
  'query.list': (req) => listQueries(getPorts(), req.user, req.q),
  'query.updatedSince': (req) => queriesUpdatedSince(getPorts(), req.user, req.q.last_updated_ms),
  'query.stop': (req) => stopQuery(getPorts(), req.user, req.body.client_id),
  'query.get': (req) => showQuery(getPorts(), req.user, req.params.pk),
});
