// SQL Lab routes (Superset's SqlLabRestApi): bootstrap, execute, results, estimate, format.
import { z } from 'zod';
import { defineRoutes } from './route';
import { HtmlPageSchema } from '../schemas/responses/platform';
import { BootstrapSchema, EstimateSchema, ExecuteAnswerSchemas, ExportAnswerSchema, FormatSqlAnswerSchema, QueryResultsSchema } from '../schemas/responses/sqllab';
import { CTAS_METHODS } from '../constants';

/** Client ids become DynamoDB keys and S3 key parts, so only URL-safe characters are accepted. */
export const ClientIdSchema = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'client_id must be 1-64 letters, digits, - or _');

// SQL may be longer than LIMITS.sqlMaxLength here on purpose: the execute service refuses it with
// the catalogue's INVALID_SQL_ERROR before parsing, which says more than a schema message would.
const SqlTextSchema = z.string().max(10_000_000);

export const ExecuteBodySchema = z.object({
  database_id: z.number().int().positive(),
  sql: SqlTextSchema,
  client_id: ClientIdSchema.nullish(),
  queryLimit: z.number().int().min(0).nullish(),
  sql_editor_id: z.union([z.string().max(256), z.number().int()]).nullish().transform((v) => (v == null ? v : String(v))),
  catalog: z.string().max(256).nullish(),
  schema: z.string().max(256).nullish(),
  tab: z.string().max(256).nullish(),
  ctas_method: z.enum(CTAS_METHODS).nullish(),
  // Superset sends JSON text; an object is accepted too so API clients need not double-encode.
  templateParams: z.union([z.string().max(1_000_000), z.record(z.string(), z.unknown())]).nullish(),
  tmp_table_name: z
    .string()
    .regex(/^([A-Za-z_][A-Za-z0-9_]*)?$/, 'tmp_table_name must contain only letters, digits, and underscores')
    .max(256)
    .nullish(),
  select_as_cta: z.boolean().nullish(),
  runAsync: z.boolean().nullish(),
  expand_data: z.boolean().nullish(),
  json: z.boolean().nullish(),
});
export type ExecuteBody = z.infer<typeof ExecuteBodySchema>;

/**
 * Superset's legacy POST /superset/sql_json/ (superset-api-client's `run`, older scripts): the same
 * body, where clients also send an empty client_id or tmp_table_name and a numeric sql_editor_id.
 */
export const LegacySqlJsonBodySchema = ExecuteBodySchema.extend({
  client_id: z.union([ClientIdSchema, z.literal('')]).nullish().transform((v) => v || null),
});

export const ResultsQSchema = z.object({
  key: z.string().regex(/^[A-Za-z0-9_.-]{1,128}$/, 'key is not a results key'),
  rows: z.number().int().min(0).optional(),
});
export type ResultsQ = z.infer<typeof ResultsQSchema>;

export const EstimateBodySchema = z.object({
  database_id: z.number().int().positive(),
  sql: SqlTextSchema,
  template_params: z.union([z.record(z.string(), z.unknown()), z.string().max(1_000_000)]).nullish(),
  catalog: z.string().max(256).nullish(),
  schema: z.string().max(256).nullish(),
});
export type EstimateBody = z.infer<typeof EstimateBodySchema>;

export const ExportParamsSchema = z.object({ client_id: ClientIdSchema });
/** Superset exports CSV; `format=xlsx` asks for a spreadsheet of the same rows. */
export const ExportQuerySchema = z.object({ format: z.enum(['csv', 'xlsx']).optional() }).passthrough();
export type ExportFormat = 'csv' | 'xlsx';

export const FormatSqlBodySchema = z.object({
  sql: SqlTextSchema,
  database_id: z.number().int().positive().nullish(),
  engine: z.string().max(64).nullish(),
  template_params: z.string().max(1_000_000).nullish(),
});
export type FormatSqlBody = z.infer<typeof FormatSqlBodySchema>;

/**
 * A query handed to SQL Lab by a posted form (Superset's "View in SQL Lab"): either its fields or a
 * `form_data` JSON text holding them.
 */
export const SqlLabFormSchema = z
  .object({
    form_data: z.string().max(2_000_000).optional(),
    datasourceKey: z.string().max(256).optional(),
    sql: z.string().max(1_000_000).optional(),
  })
  .passthrough();

export const sqllabRoutes = defineRoutes([
  { name: 'sqllab.postForm', method: 'POST', path: '/sqllab/', module: 'sqllabForm', public: true, bodyFormat: 'form', body: SqlLabFormSchema, spaPage: true, response: HtmlPageSchema },
  { name: 'sqllab.postFormLegacy', method: 'POST', path: '/superset/sqllab/', module: 'sqllabForm', public: true, bodyFormat: 'form', body: SqlLabFormSchema, response: HtmlPageSchema },
  { name: 'sqllab.bootstrap', method: 'GET', path: '/api/v1/sqllab/', module: 'sqllab', permission: ['can_read', 'SQLLab'], response: BootstrapSchema },
  { name: 'sqllab.execute', method: 'POST', path: '/api/v1/sqllab/execute/', module: 'sqllab', permission: ['can_execute_sql_query', 'SQLLab'], body: ExecuteBodySchema, response: ExecuteAnswerSchemas },
  { name: 'sqllab.sqlJson', method: 'POST', path: '/superset/sql_json/', module: 'sqllab', permission: ['can_execute_sql_query', 'SQLLab'], body: LegacySqlJsonBodySchema, response: ExecuteAnswerSchemas },
  { name: 'sqllab.results', method: 'GET', path: '/api/v1/sqllab/results/', module: 'sqllab', permission: ['can_get_results', 'SQLLab'], q: ResultsQSchema, response: QueryResultsSchema },
  { name: 'sqllab.export', method: 'GET', path: '/api/v1/sqllab/export/{client_id}/', module: 'sqllab', permission: ['can_export_csv', 'SQLLab'], params: ExportParamsSchema, query: ExportQuerySchema, response: ExportAnswerSchema },
  { name: 'sqllab.estimate', method: 'POST', path: '/api/v1/sqllab/estimate/', module: 'sqllab', permission: ['can_estimate_query_cost', 'SQLLab'], body: EstimateBodySchema, response: EstimateSchema },
  { name: 'sqllab.formatSql', method: 'POST', path: '/api/v1/sqllab/format_sql/', module: 'sqllab', permission: ['can_read', 'SQLLab'], body: FormatSqlBodySchema, response: FormatSqlAnswerSchema },
]);
