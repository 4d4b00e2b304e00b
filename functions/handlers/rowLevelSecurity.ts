// Row level security filters: /api/v1/rowlevelsecurity/ (one Lambda).
import { httpModule } from '../http/httpModule';
import { requireAdmin } from '../http/authz';
import { runList } from '../lists/engine';
import { getPorts } from '../ports/index';
import { rlsList } from '../rls/listResource';
import { rlsRelated } from '../rls/related';
import { bulkDeleteRls, createRls, deleteRls, getRls, updateRls } from '../rls/service';

export const handler = httpModule({
  'rls.list': (req) => {
    requireAdmin(req.user);
    return runList(rlsList, { ports: getPorts(), user: req.user }, req.q);
  },
  'rls.create': (req) => createRls(getPorts(), req.user, req.body),
  'rls.bulkDelete': (req) => bulkDeleteRls(getPorts(), req.user, req.q),
  'rls.related': (req) => rlsRelated(getPorts(), req.user, req.params.column, req.q),
  'rls.get': (req) => getRls(getPorts(), req.user, req.params.pk),
  'rls.update': (req) => updateRls(getPorts(), req.user, req.params.pk, req.body),
  'rls.delete': (req) => deleteRls(getPorts(), req.user, req.params.pk),
});
