// SQL Lab table entries: /tableschemaview/ (one Lambda). The route schemas decode Superset's form
// fields of JSON text, so JSON and form bodies arrive here alike.
import { httpModule } from '../http/httpModule';
import { getPorts } from '../ports/index';
import { createTableSchema, deleteTableSchema, setTableSchemaExpandedFlag } from '../tabState/tableSchemas';

export const handler = httpModule({
  'tableSchema.create': (req) => createTableSchema(getPorts(), req.user, req.body),
  'tableSchema.expanded': (req) => setTableSchemaExpandedFlag(getPorts(), req.user, req.params.pk, req.body.expanded),
  'tableSchema.delete': (req) => deleteTableSchema(getPorts(), req.user, req.params.pk),
});
