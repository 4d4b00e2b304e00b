// Answers of the saved query routes (Superset's SavedQueryRestApi), with this product's schedule fields.
import { z } from 'zod';
import { TagRefSchema } from './tags';
import { ChoicesSchema, MessageSchema, PersonSchema, listAnswer, selectable } from './common';

/** The stored schedule (routes/savedQueries.ts ScheduleInfoSchema after defaults). */
const ScheduleSchema = z.object({
  crontab: z.string(),
  timezone: z.string(),
  active: z.boolean(),
  output_table: z.string().nullish(),
});

/** GET /api/v1/saved_query/{pk} `result` (show columns) and a list row (list columns). */
export const SavedQueryDictSchema = z.object({
  id: z.number().int(),
  db_id: z.number().int(),
  catalog: z.string().nullable(),
  schema: z.string().nullable(),
  label: z.string().nullable(),
  description: z.string().nullable(),
  sql: z.string(),
  sql_tables: z.array(z.object({ catalog: z.string().nullable(), schema: z.string().nullable(), table: z.string() })),
  template_parameters: z.string().nullable(),
  extra_json: z.string(),
  extra: z.record(z.string(), z.unknown()),
  rows: z.number().nullable(),
  last_run: z.string().nullable(),
  last_run_delta_humanized: z.string(),
  changed_on: z.string(),
  changed_on_delta_humanized: z.string(),
  created_on: z.string(),
  created_by: PersonSchema.nullable(),
  changed_by: PersonSchema.nullable(),
  database: z.object({ database_name: z.string().nullable(), id: z.number().int() }),
  tags: z.array(TagRefSchema),
  schedule_info: ScheduleSchema.nullable(),
  next_run: z.string().nullable(),
});
export type SavedQueryDictAnswer = z.infer<typeof SavedQueryDictSchema>;

export const SavedQueryListSchema = listAnswer(SavedQueryDictSchema);
/** GET one: `q=(columns:...)` may select fields, so every field is optional. */
export const SavedQueryGetSchema = z.object({ id: z.number().int(), result: selectable(SavedQueryDictSchema) });
/** A saved query as a list or get with column selection answers it. */
export type SavedQueryRow = z.infer<typeof SavedQueryGetSchema>['result'];

/** Create (201) and update (200) echo the fields sent (and the schedule when one was sent). */
export const SavedQueryEchoSchema = z.object({
  id: z.number().int(),
  result: z
    .object({
      db_id: z.number().int(),
      label: z.string().nullable(),
      description: z.string().nullable(),
      catalog: z.string().nullable(),
      schema: z.string().nullable(),
      sql: z.string(),
      template_parameters: z.string().nullable(),
      extra_json: z.string(),
      schedule_info: ScheduleSchema.nullable(),
      next_run: z.string().nullable(),
    })
    .partial(),
});

export const SavedQueryMessageSchema = MessageSchema;

const FilterSchema = z.object({ name: z.string(), operator: z.string() });
/** `_info`: the keys asked for (permissions, filters, add_columns, edit_columns). */
export const SavedQueryInfoSchema = z.object({
  permissions: z.array(z.string()).optional(),
  filters: z.record(z.string(), z.array(FilterSchema)).optional(),
  add_columns: z.array(z.object({ name: z.string() })).optional(),
  edit_columns: z.array(z.object({ name: z.string() })).optional(),
});
export const SavedQueryChoicesSchema = ChoicesSchema;
