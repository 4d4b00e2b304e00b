// Answers of SQL Lab's legacy tab state and table schema views (Superset's TabStateView, TableSchemaView).
import { z } from 'zod';
import { QueryDictSchema } from './queries';

export const TableSchemaDictSchema = z.object({
  id: z.number().int(),
  tab_state_id: z.number().int(),
  database_id: z.number().int(),
  catalog: z.string().nullable(),
  schema: z.string().nullable(),
  table: z.string(),
  /** The editor's table object as it was posted (null when it could not be decoded). */
  description: z.unknown(),
  expanded: z.boolean(),
});

/** GET /tabstateview/{pk}, and the bootstrap's active tab. */
export const TabStateDictSchema = z.object({
  id: z.number().int(),
  user_id: z.number().int(),
  label: z.string(),
  active: z.boolean(),
  database_id: z.number().int().nullable(),
  catalog: z.string().nullable(),
  schema: z.string().nullable(),
  table_schemas: z.array(TableSchemaDictSchema),
  sql: z.string(),
  query_limit: z.number().nullable(),
  latest_query: QueryDictSchema.nullable(),
  autorun: z.boolean(),
  template_params: z.string().nullable(),
  hide_left_bar: z.boolean(),
  saved_query: z.object({ id: z.number().int() }).nullable(),
  extra_json: z.record(z.string(), z.unknown()),
});
export type TabStateDictAnswer = z.infer<typeof TabStateDictSchema>;

export const IdAnswerSchema = z.object({ id: z.number().int() });
/** Updates answer the tab's id as a bare JSON number, deletes the JSON string "OK" (as Superset). */
export const BareIdSchema = z.number().int();
export const BareOkSchema = z.literal('OK');
export const ExpandedAnswerSchema = z.object({ id: z.number().int(), expanded: z.boolean() });
