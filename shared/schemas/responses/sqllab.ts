// Answers of SQL Lab's routes (Superset's SqlLabRestApi): bootstrap, execute and results payloads,
// cost estimates and formatting.
import { z } from 'zod';
import { QUERY_STATES } from '../../constants';
import { EngineInformationSchema, GenericTypeSchema } from './databases';
import { QueryDictSchema } from './queries';
import { TabStateDictSchema } from './tabState';

export const ResultColumnSchema = z.object({
  column_name: z.string(),
  name: z.string(),
  type: z.string(),
  is_dttm: z.boolean(),
  type_generic: GenericTypeSchema,
});

/** A finished run's payload (QueryExecutionResponseSchema), as execute and results answer it. */
export const QueryResultsSchema = z.object({
  status: z.enum(QUERY_STATES),
  data: z.array(z.record(z.string(), z.unknown())),
  columns: z.array(ResultColumnSchema),
  selected_columns: z.array(ResultColumnSchema),
  expanded_columns: z.array(ResultColumnSchema),
  query: QueryDictSchema,
  query_id: z.number().int(),
  /** Set when `rows` cut the stored result. */
  displayLimitReached: z.boolean().optional(),
});
export type QueryResultsAnswer = z.infer<typeof QueryResultsSchema>;

/** A sync run that was stopped (or lost to a stop) before it had rows: status and query only. */
export const StoppedRunSchema = z.object({ status: z.enum(QUERY_STATES), query: QueryDictSchema, query_id: z.number().int() });

/** POST execute: 200 with the payload of a sync run, 202 with the query of an async one. */
export const ExecuteAnswerSchemas = {
  200: z.union([QueryResultsSchema, StoppedRunSchema]),
  202: z.object({ query: QueryDictSchema }),
} as const;

/** Superset's DATABASE_KEYS: what the editor needs of each database. */
export const BootstrapDatabaseSchema = z.object({
  allow_file_upload: z.boolean(),
  allow_ctas: z.boolean(),
  allow_cvas: z.boolean(),
  allow_dml: z.boolean(),
  allow_run_async: z.boolean(),
  allows_subquery: z.boolean(),
  backend: z.string(),
  engine_information: EngineInformationSchema,
  database_name: z.string(),
  expose_in_sqllab: z.boolean(),
  force_ctas_schema: z.string().nullable(),
  id: z.number().int(),
  disable_data_preview: z.boolean(),
  disable_drill_to_detail: z.boolean(),
  allow_multi_catalog: z.boolean(),
  extra_json: z.string(),
});
export type BootstrapDatabase = z.infer<typeof BootstrapDatabaseSchema>;

/** GET /api/v1/sqllab/ (SQLLabBootstrapSchema). */
export const BootstrapSchema = z.object({
  result: z.object({
    active_tab: TabStateDictSchema.nullable(),
    databases: z.record(z.string(), BootstrapDatabaseSchema),
    queries: z.record(z.string(), QueryDictSchema),
    tab_state_ids: z.array(z.object({ id: z.number().int(), label: z.string() })),
    /** Superset's conf and feature flags; not sent by this server yet, read by the editor when present. */
    common: z
      .object({ conf: z.record(z.string(), z.unknown()).optional(), feature_flags: z.record(z.string(), z.boolean()).optional() })
      .optional(),
  }),
});
export type SqlLabBootstrapAnswer = z.infer<typeof BootstrapSchema>['result'];

/** One row per plan operator (Operator, Estimated rows, the engine's costs, Details; Statement in a script). */
export const EstimateSchema = z.object({ result: z.array(z.record(z.string(), z.union([z.string(), z.number(), z.null()]))) });
export const FormatSqlAnswerSchema = z.object({ result: z.string() });

/**
 * GET /api/v1/sqllab/export/{client_id}/: the CSV/XLSX file itself (not JSON, so not checked), or, for
 * a file larger than a function may return, a presigned link to it in the results bucket.
 */
export const ExportAnswerSchema = z.union([
  z.string(),
  z.object({ result_url: z.string(), file_name: z.string(), expires_in: z.number().int().positive() }),
]);
