// Saved queries: /api/v1/saved_query/ (one Lambda).
import { httpModule } from '../http/httpModule';
import { getPorts } from '../ports/index';
import { savedQueryDistinct, savedQueryInfo, savedQueryRelated } from '../savedQueries/meta';
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
  'savedQuery.info': (req) => savedQueryInfo(req.user, req.q),
  'savedQuery.related': (req) => savedQueryRelated(getPorts(), req.user, req.params.column, req.q),
  'savedQuery.distinct': (req) => savedQueryDistinct(getPorts(), req.user, req.params.column, req.q),
  'savedQuery.get': (req) => getSavedQuery(getPorts(), req.user, req.params.pk, req.q),
  'savedQuery.update': (req) => updateSavedQuery(getPorts(), req.user, req.params.pk, req.body),
  'savedQuery.delete': (req) => deleteSavedQuery(getPorts(), req.user, req.params.pk),
});
