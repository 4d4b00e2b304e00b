// SQL Lab table entries: /tableschemaview/ (one Lambda). Bodies may be JSON or Superset's forms of JSON text.
import { z } from 'zod';
import { TableSchemaExpandedBodySchema } from '../../shared/routes/tabState';
import { httpModule } from '../http/httpModule';
import { getPorts } from '../ports/index';
import { readBody } from '../tabState/formBody';
import { createTableSchema, deleteTableSchema, setTableSchemaExpandedFlag } from '../tabState/tableSchemas';

/** The table object is validated by the service, which also accepts it as JSON text. */
const CreateEnvelopeSchema = z.object({ table: z.unknown() }).refine((b) => b.table !== undefined, {
  message: 'table is required',
  path: ['table'],
});

export const handler = httpModule({
  'tableSchema.create': (req) => createTableSchema(getPorts(), req.user, readBody(req, CreateEnvelopeSchema)),
  'tableSchema.expanded': (req) =>
    setTableSchemaExpandedFlag(getPorts(), req.user, req.params.pk, readBody(req, TableSchemaExpandedBodySchema).expanded),
  'tableSchema.delete': (req) => deleteTableSchema(getPorts(), req.user, req.params.pk),
});
