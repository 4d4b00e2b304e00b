// Answers about queries: Superset's Query.to_dict (the editor's view of a query), the history list
// item, the show result, and stop.
import { z } from 'zod';
import { CTAS_METHODS, LIMITING_FACTORS, QUERY_STATES } from '../../constants';
import { ErrorItemSchema, listAnswer } from './common';

/** Query.to_dict, as execute, updated_since, bootstrap and tab states show a query. */
export const QueryDictSchema = z.object({
  changedOn: z.string(),
  changed_on: z.string(),
  dbId: z.number().int(),
  db: z.string().nullable(),
  endDttm: z.number().nullable(),
  errorMessage: z.string().nullable(),
  executedSql: z.string().nullable(),
  id: z.string(),
  queryId: z.number().int(),
  limit: z.number().nullable(),
  limitingFactor: z.enum(LIMITING_FACTORS),
  progress: z.number(),
  rows: z.number().nullable(),
  schema: z.string().nullable(),
  catalog: z.string().nullable(),
  ctas: z.boolean(),
  serverId: z.number().int(),
  sql: z.string(),
  sqlEditorId: z.string().nullable(),
  startDttm: z.number(),
  state: z.enum(QUERY_STATES),
  tab: z.string().nullable(),
  tempSchema: z.string().nullable(),
  tempTable: z.string().nullable(),
  userId: z.number().int(),
  user: z.string(),
  resultsKey: z.string().nullable(),
  trackingUrl: z.string().nullable(),
  extra: z.record(z.string(), z.unknown()),
  // Not in Superset's to_dict, but its frontend reads them from failed runs and CTAS runs.
  errors: z.array(ErrorItemSchema).optional(),
  link: z.string().nullable().optional(),
  ctas_method: z.enum(CTAS_METHODS),
});
export type QueryDictAnswer = z.infer<typeof QueryDictSchema>;

export const QueryDictsSchema = z.object({ result: z.array(QueryDictSchema) });

/** A row of the query history list (Superset's QueryRestApi list_columns). */
export const QueryListItemSchema = z.object({
  id: z.number().int(),
  changed_on: z.string(),
  database: z.object({ database_name: z.string().nullable() }),
  executed_sql: z.string().nullable(),
  rows: z.number().nullable(),
  schema: z.string().nullable(),
  sql: z.string(),
  sql_tables: z.array(z.object({ catalog: z.string().nullable(), schema: z.string().nullable(), table: z.string() })),
  status: z.enum(QUERY_STATES),
  tab_name: z.string().nullable(),
  user: z.object({ id: z.number().int(), first_name: z.string().optional(), last_name: z.string().optional() }),
  start_time: z.number(),
  end_time: z.number().nullable(),
  tmp_table_name: z.string().nullable(),
  tracking_url: z.string().nullable(),
});
export type QueryListItem = z.infer<typeof QueryListItemSchema>;
export const QueryListSchema = listAnswer(QueryListItemSchema);
/** A history row (column selection may leave any field out). */
export type QueryListRow = z.infer<typeof QueryListSchema>['result'][number];

/** GET /api/v1/query/{pk} `result` (show_columns). */
export const QueryShowSchema = z.object({
  id: z.number().int(),
  client_id: z.string(),
  tmp_table_name: z.string().nullable(),
  tmp_schema_name: z.string().nullable(),
  status: z.enum(QUERY_STATES),
  tab_name: z.string().nullable(),
  sql_editor_id: z.string().nullable(),
  database: z.object({ id: z.number().int(), database_name: z.string().nullable() }),
  catalog: z.string().nullable(),
  schema: z.string().nullable(),
  sql: z.string(),
  select_sql: z.string().nullable(),
  executed_sql: z.string().nullable(),
  limit: z.number().nullable(),
  limiting_factor: z.enum(LIMITING_FACTORS),
  select_as_cta: z.boolean(),
  select_as_cta_used: z.boolean(),
  progress: z.number(),
  rows: z.number().nullable(),
  error_message: z.string().nullable(),
  results_key: z.string().nullable(),
  start_time: z.number(),
  start_running_time: z.number().nullable(),
  end_time: z.number().nullable(),
  end_result_backend_time: z.null(),
  tracking_url: z.string().nullable(),
  changed_on: z.string(),
});
export const QueryGetSchema = z.object({ id: z.number().int(), result: QueryShowSchema });

export const StopAnswerSchema = z.object({ result: z.literal('OK') });
