// Superset's DatabaseRestApi routes. Services check permissions; this file only maps routes.
import { httpModule } from '../http/httpModule';
import { json } from '../http/respond';
import { getPorts } from '../ports/index';
import {
  catalogsOf,
  listForUser,
  schemasOf,
  selectStarOf,
  showForUser,
  tableExtraMetadataOf,
  tableMetadataOf,
  tablesOf,
} from '../databases/browse';
import { createDatabase, deleteDatabase, testConnection, updateDatabase } from '../databases/admin';

const selectStar = (req: { user: Parameters<typeof selectStarOf>[1]; params: { pk: number; table_name: string; schema_name?: string } }) =>
  selectStarOf(getPorts(), req.user, req.params.pk, { name: req.params.table_name, schema: req.params.schema_name });

export const handler = httpModule({
  'database.list': (req) => listForUser(getPorts(), req.user, req.q),
  'database.get': (req) => showForUser(getPorts(), req.user, req.params.pk),
  'database.create': async (req) => json(201, await createDatabase(getPorts(), req.user, req.body)),
  'database.update': (req) => updateDatabase(getPorts(), req.user, req.params.pk, req.body),
  'database.delete': (req) => deleteDatabase(getPorts(), req.user, req.params.pk),
  'database.testConnection': (req) => testConnection(getPorts(), req.user, req.body),
  'database.catalogs': (req) => catalogsOf(getPorts(), req.user, req.params.pk),
  'database.schemas': (req) => schemasOf(getPorts(), req.user, req.params.pk, req.q.catalog),
  'database.tables': (req) => tablesOf(getPorts(), req.user, req.params.pk, req.q.schema_name, req.q.catalog_name),
  'database.tableMetadata': (req) => tableMetadataOf(getPorts(), req.user, req.params.pk, req.query),
  'database.tableExtraMetadata': (req) => tableExtraMetadataOf(getPorts(), req.user, req.params.pk, req.query),
  'database.selectStar': selectStar,
  'database.selectStarInSchema': selectStar,
});
