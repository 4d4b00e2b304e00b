// SQL Lab tab state: /tabstateview/ (one Lambda). Bodies may be JSON or Superset's forms of JSON text.
import { TabStatePutBodySchema } from '../../shared/routes/tabState';
import { httpModule } from '../http/httpModule';
import { getPorts } from '../ports/index';
import { readBody } from '../tabState/formBody';
import {
  activateTabState,
  createTabState,
  deleteTabQuery,
  deleteTabState,
  getTabState,
  migrateQuery,
  updateTabState,
} from '../tabState/service';

export const handler = httpModule({
  'tabState.create': (req) => createTabState(getPorts(), req.user, req.body),
  'tabState.get': (req) => getTabState(getPorts(), req.user, req.params.pk),
  'tabState.delete': (req) => deleteTabState(getPorts(), req.user, req.params.pk),
  // Only PUT has string fields whose form values are JSON text (see shared/routes/tabState.ts).
  'tabState.update': (req) => updateTabState(getPorts(), req.user, req.params.pk, readBody(req, TabStatePutBodySchema)),
  'tabState.activate': (req) => activateTabState(getPorts(), req.user, req.params.pk),
  'tabState.migrateQuery': (req) => migrateQuery(getPorts(), req.user, req.params.pk, req.body.queryId),
  'tabState.deleteQuery': (req) => deleteTabQuery(getPorts(), req.user, req.params.pk, req.params.client_id),
});
