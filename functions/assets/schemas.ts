// The YAML files of an asset bundle, with the field names of Superset's ImportV1DatabaseSchema,
// ImportV1DatasetSchema, ImportV1ChartSchema, ImportV1DashboardSchema and ImportV1SavedQuerySchema.
// Fields Superset writes that this product does not keep are accepted and dropped.
import { z } from 'zod';
import { fileError } from './bundle';

const text = z.string().max(100_000).nullish();
const flag = z.boolean().nullish();
const uuid = z.uuid();
const version = z.string().regex(/^1\.\d+\.\d+$/, 'Must be version 1.x.y');
/** JSON kept as text in the model, written as text or as an object by different Superset versions. */
const jsonish = z.union([z.string(), z.record(z.string(), z.unknown())]).nullish();

export const MetadataSchema = z.object({
  version,
  type: z.string(),
  timestamp: z.union([z.string(), z.date()]).optional(),
});

export const DatabaseFileSchema = z.object({
  database_name: z.string().min(1).max(250),
  sqlalchemy_uri: z.string().min(1).max(1024),
  password: z.string().nullish(),
  cache_timeout: z.number().int().nullish(),
  expose_in_sqllab: flag,
  allow_run_async: flag,
  allow_ctas: flag,
  allow_cvas: flag,
  allow_dml: flag,
  allow_file_upload: flag,
  allow_csv_upload: flag,
  impersonate_user: flag,
  extra: z.union([z.string(), z.record(z.string(), z.unknown())]).nullish(),
  uuid,
  version,
});

const ColumnSchema = z.object({
  column_name: z.string().min(1).max(255),
  verbose_name: text,
  is_dttm: flag,
  is_active: flag,
  type: text,
  advanced_data_type: text,
  groupby: flag,
  filterable: flag,
  expression: text,
  description: text,
  python_date_format: text,
  extra: jsonish,
});

const MetricSchema = z.object({
  metric_name: z.string().min(1).max(255),
  verbose_name: text,
  metric_type: text,
  expression: z.string().min(1),
  description: text,
  d3format: text,
  currency: jsonish,
  extra: jsonish,
  warning_text: text,
});

export const DatasetFileSchema = z.object({
  table_name: z.string().min(1).max(250),
  main_dttm_col: text,
  description: text,
  cache_timeout: z.number().int().nullish(),
  catalog: text,
  schema: text,
  sql: text,
  template_params: jsonish,
  extra: jsonish,
  normalize_columns: flag,
  always_filter_main_dttm: flag,
  uuid,
  columns: z.array(ColumnSchema).max(5000).default([]),
  metrics: z.array(MetricSchema).max(5000).default([]),
  version,
  database_uuid: uuid,
});

export const ChartFileSchema = z.object({
  slice_name: z.string().min(1).max(250),
  description: text,
  certified_by: text,
  certification_details: text,
  viz_type: z.string().min(1).max(250),
  params: z.union([z.record(z.string(), z.unknown()), z.string()]).nullish(),
  query_context: z.union([z.string(), z.record(z.string(), z.unknown())]).nullish(),
  cache_timeout: z.number().int().nullish(),
  uuid,
  version,
  dataset_uuid: uuid,
});

export const DashboardFileSchema = z.object({
  dashboard_title: z.string().max(500).nullish(),
  description: text,
  css: text,
  slug: text,
  certified_by: text,
  certification_details: text,
  published: flag,
  uuid,
  position: z.record(z.string(), z.unknown()).nullish(),
  metadata: z.record(z.string(), z.unknown()).nullish(),
  version,
});

export const SavedQueryFileSchema = z.object({
  catalog: text,
  schema: text,
  label: z.string().max(256).nullish(),
  description: text,
  sql: z.string().max(1_000_000),
  template_parameters: text,
  uuid,
  version,
  database_uuid: uuid,
});

export type DatabaseFile = z.infer<typeof DatabaseFileSchema>;
export type DatasetFile = z.infer<typeof DatasetFileSchema>;
export type ChartFile = z.infer<typeof ChartFileSchema>;
export type DashboardFile = z.infer<typeof DashboardFileSchema>;
export type SavedQueryFile = z.infer<typeof SavedQueryFileSchema>;

/** Parses one file; the first problem is a 400 naming the file and the field. */
export function parseFile<T>(schema: z.ZodType<T>, file: string, content: unknown): T {
  const parsed = schema.safeParse(content);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const field = issue.path.length ? issue.path.join('.') : '_schema';
  const message = issue.code === 'invalid_type' && issue.input === undefined ? 'Missing data for required field.' : issue.message;
  throw fileError(file, field, message);
}
