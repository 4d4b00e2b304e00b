// Saved queries: /api/v1/saved_query/ (one Lambda).
import { httpModule } from '../http/httpModule';
import { getPorts } from '../ports/index';
import {
  bulkDeleteSavedQueries,
  createSavedQuery,
  deleteSavedQuery,
  getSavedQuery,
  listSavedQueries,
  updateSavedQuery,
} from '../savedQueries/service';

export const handler = httpModule({
  'savedQuery.list': (req) => listSavedQueries(getPorts(), req.user, req.q),
  'savedQuery.create': (req) => createSavedQuery(getPorts(), req.user, req.body),
  'savedQuery.bulkDelete': (req) => bulkDeleteSavedQueries(getPorts(), req.user, req.q),
  'savedQuery.get': (req) => getSavedQuery(getPorts(), req.user, req.params.pk, req.q),
  'savedQuery.update': (req) => updateSavedQuery(getPorts(), req.user, req.params.pk, req.body),
  'savedQuery.delete': (req) => deleteSavedQuery(getPorts(), req.user, req.params.pk),
});
