// SQL Lab's legacy tab state and table schema views (Superset's TabStateView and TableSchemaView).
// Superset's frontend posts these as forms whose fields hold JSON text; our client posts JSON. Fields
// that are not strings (numbers, booleans, null, nested objects) are decoded from JSON text here, which
// is unambiguous. A string field's JSON text ('"SELECT 1"') can only be told from plain text by the
// request's content type, so the handler decodes those for form requests (functions/tabState/formBody.ts).
import { z } from 'zod';
import { defineRoutes } from './route';
import { BareIdSchema, BareOkSchema, ExpandedAnswerSchema, IdAnswerSchema, TabStateDictSchema } from '../schemas/responses/tabState';

/** Text columns stored in one DynamoDB item (400 KB) next to other fields. */
export const STORED_SQL_MAX_BYTES = 256 * 1024;
const utf8Length = (s: string) => new TextEncoder().encode(s).length;

/** SQL kept in an item: refused past STORED_SQL_MAX_BYTES of UTF-8 before it reaches DynamoDB. */
export const StoredSqlSchema = z
  .string()
  .max(STORED_SQL_MAX_BYTES, { message: `SQL is longer than ${STORED_SQL_MAX_BYTES} bytes`, abort: true })
  .refine((s) => utf8Length(s) <= STORED_SQL_MAX_BYTES, `SQL is longer than ${STORED_SQL_MAX_BYTES} bytes`);

const Name = z.string().max(256);
const JsonText = z.string().max(65_536);
/** Editor and tab ids travel as strings in the frontend ("12") and as integers in Superset's tables. */
export const IntLikeSchema = z.union([z.number().int().positive(), z.string().regex(/^\d{1,12}$/).transform(Number)]);
const tryJson = (text: string): { ok: true; value: unknown } | { ok: false } => {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false };
  }
};
/** A non-string value that may arrive as JSON text (form fields, `queryEditor` as a string). */
export const fromJsonText = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => {
    if (typeof v !== 'string') return v;
    const parsed = tryJson(v);
    return parsed.ok ? parsed.value : v;
  }, schema);
/** A string that may arrive as JSON text; ids never contain quotes, so decoding them is safe. */
const idFromJsonText = (schema: z.ZodString) =>
  z.preprocess((v) => {
    if (typeof v !== 'string') return v;
    const parsed = tryJson(v);
    return parsed.ok && typeof parsed.value === 'string' ? parsed.value : v;
  }, schema);

/** The editor object SQL Lab sends when it migrates a local tab to the server. */
export const QueryEditorSchema = z
  .object({
    name: Name.nullish(),
    title: Name.nullish(),
    dbId: IntLikeSchema.nullish(),
    catalog: Name.nullish(),
    schema: Name.nullish(),
    sql: StoredSqlSchema.nullish(),
    queryLimit: z.number().int().min(0).nullish(),
    hideLeftBar: z.boolean().nullish(),
    autorun: z.boolean().nullish(),
    remoteId: IntLikeSchema.nullish(),
    templateParams: JsonText.nullish(),
  })
  .passthrough();
export type QueryEditorInput = z.infer<typeof QueryEditorSchema>;

export const TabStateCreateBodySchema = z.object({ queryEditor: fromJsonText(QueryEditorSchema) });

/** PUT /tabstateview/{id}: only the fields sent are changed. */
export const TabStatePutBodySchema = z.object({
  database_id: fromJsonText(z.number().int().positive().nullable()).optional(),
  catalog: Name.nullable().optional(),
  schema: Name.nullable().optional(),
  sql: StoredSqlSchema.optional(),
  label: Name.optional(),
  query_limit: fromJsonText(z.number().int().min(0).nullable()).optional(),
  latest_query_id: z.string().min(1).max(64).nullable().optional(),
  template_params: JsonText.nullable().optional(),
  hide_left_bar: fromJsonText(z.boolean()).optional(),
  autorun: fromJsonText(z.boolean()).optional(),
  /** {updatedAt, version}; Superset's frontend sends it as JSON text. */
  extra_json: z.union([JsonText, z.record(z.string(), z.unknown())]).nullable().optional(),
  saved_query_id: fromJsonText(z.number().int().positive().nullable()).optional(),
});
export type TabStatePutBody = z.infer<typeof TabStatePutBodySchema>;

export const MigrateQueryBodySchema = z.object({ queryId: idFromJsonText(z.string().min(1).max(64)) });

/** The table object of the editor; all of it is kept as the table schema's description. */
export const TableSchemaInputSchema = z
  .object({
    dbId: IntLikeSchema.optional(),
    database_id: IntLikeSchema.optional(),
    queryEditorId: IntLikeSchema.optional(),
    tab_state_id: IntLikeSchema.optional(),
    catalog: Name.nullish(),
    schema: Name.nullish(),
    name: Name.min(1).optional(),
    table: Name.min(1).optional(),
    expanded: z.boolean().optional(),
    dataPreviewQueryId: z.string().max(64).nullish(),
  })
  .passthrough()
  .refine((t) => t.dbId !== undefined || t.database_id !== undefined, { message: 'dbId is required', path: ['dbId'] })
  .refine((t) => t.queryEditorId !== undefined || t.tab_state_id !== undefined, {
    message: 'queryEditorId is required',
    path: ['queryEditorId'],
  })
  .refine((t) => t.name !== undefined || t.table !== undefined, { message: 'name is required', path: ['name'] });
export type TableSchemaInput = z.infer<typeof TableSchemaInputSchema>;

export const TableSchemaCreateBodySchema = z.object({ table: fromJsonText(TableSchemaInputSchema) });
export const TableSchemaExpandedBodySchema = z.object({ expanded: fromJsonText(z.boolean()) });

const TabParamsSchema = z.object({ pk: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) });
const TabQueryParamsSchema = TabParamsSchema.extend({ client_id: z.string().min(1).max(64) });

export const tabStateRoutes = defineRoutes([
  { name: 'tabState.create', method: 'POST', path: '/tabstateview/', module: 'tabState', permission: ['can_write', 'TabStateView'], body: TabStateCreateBodySchema, bodyFormat: 'form', response: IdAnswerSchema },
  { name: 'tabState.get', method: 'GET', path: '/tabstateview/{pk}', module: 'tabState', permission: ['can_read', 'TabStateView'], params: TabParamsSchema, response: TabStateDictSchema },
  { name: 'tabState.delete', method: 'DELETE', path: '/tabstateview/{pk}', module: 'tabState', permission: ['can_write', 'TabStateView'], params: TabParamsSchema, response: BareOkSchema },
  { name: 'tabState.update', method: 'PUT', path: '/tabstateview/{pk}', module: 'tabState', permission: ['can_write', 'TabStateView'], params: TabParamsSchema, body: TabStatePutBodySchema, bodyFormat: 'form', response: BareIdSchema },
  { name: 'tabState.activate', method: 'POST', path: '/tabstateview/{pk}/activate', module: 'tabState', permission: ['can_activate', 'TabStateView'], params: TabParamsSchema, response: BareIdSchema },
  { name: 'tabState.migrateQuery', method: 'POST', path: '/tabstateview/{pk}/migrate_query', module: 'tabState', permission: ['can_migrate_query', 'TabStateView'], params: TabParamsSchema, body: MigrateQueryBodySchema, bodyFormat: 'form', response: BareIdSchema },
  { name: 'tabState.deleteQuery', method: 'DELETE', path: '/tabstateview/{pk}/query/{client_id}', module: 'tabState', permission: ['can_delete_query', 'TabStateView'], params: TabQueryParamsSchema, response: BareOkSchema },
  { name: 'tableSchema.create', method: 'POST', path: '/tableschemaview/', module: 'tableSchema', permission: ['can_write', 'TableSchemaView'], body: TableSchemaCreateBodySchema, bodyFormat: 'form', response: IdAnswerSchema },
  { name: 'tableSchema.delete', method: 'DELETE', path: '/tableschemaview/{pk}', module: 'tableSchema', permission: ['can_write', 'TableSchemaView'], params: TabParamsSchema, response: BareOkSchema },
  { name: 'tableSchema.expanded', method: 'POST', path: '/tableschemaview/{pk}/expanded', module: 'tableSchema', permission: ['can_expanded', 'TableSchemaView'], params: TabParamsSchema, body: TableSchemaExpandedBodySchema, bodyFormat: 'form', response: ExpandedAnswerSchema },
]);
