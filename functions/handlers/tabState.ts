// SQL Lab tab state: /tabstateview/ (one Lambda). Bodies may be JSON or Superset's forms of JSON text.
import { z } from 'zod';
import { MigrateQueryBodySchema, TabStatePutBodySchema } from '../../shared/routes/tabState';
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

/** The editor object is validated by the service, which also accepts it as JSON text. */
const CreateEnvelopeSchema = z.object({ queryEditor: z.unknown() }).refine((b) => b.queryEditor !== undefined, {
  message: 'queryEditor is required',
  path: ['queryEditor'],
});

export const handler = httpModule({
  'tabState.create': (req) => createTabState(getPorts(), req.user, readBody(req, CreateEnvelopeSchema)),
  'tabState.get': (req) => getTabState(getPorts(), req.user, req.params.pk),
  'tabState.delete': (req) => deleteTabState(getPorts(), req.user, req.params.pk),
  'tabState.update': (req) => updateTabState(getPorts(), req.user, req.params.pk, readBody(req, TabStatePutBodySchema)),
  'tabState.activate': (req) => activateTabState(getPorts(), req.user, req.params.pk),
  'tabState.migrateQuery': (req) => migrateQuery(getPorts(), req.user, req.params.pk, readBody(req, MigrateQueryBodySchema).queryId),
  'tabState.deleteQuery': (req) => deleteTabQuery(getPorts(), req.user, req.params.pk, req.params.client_id),
});
