// Answers of the annotation layer and annotation routes (Superset's AnnotationLayerRestApi and
// AnnotationRestApi: show, list, create/update echoes, _info).
import { z } from 'zod';
import { PersonSchema, listAnswer, selectable } from './common';

/** GET /annotation_layer/{pk} `result` (show_columns) and a list row (list_columns). */
export const AnnotationLayerDictSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  descr: z.string().nullable(),
  created_by: PersonSchema.nullable(),
  changed_by: PersonSchema.nullable(),
  created_on: z.string(),
  changed_on: z.string(),
  changed_on_delta_humanized: z.string(),
});
export type AnnotationLayerDict = z.infer<typeof AnnotationLayerDictSchema>;
export const AnnotationLayerListSchema = listAnswer(AnnotationLayerDictSchema);
export const AnnotationLayerGetSchema = z.object({ id: z.number().int(), result: selectable(AnnotationLayerDictSchema) });
/** Create (201) and update (200) echo the fields sent. */
export const AnnotationLayerEchoSchema = z.object({
  id: z.number().int(),
  result: z.object({ name: z.string(), descr: z.string().nullable() }).partial(),
});

/** One annotation (show_columns plus the list's people and times). */
export const AnnotationDictSchema = z.object({
  id: z.number().int(),
  short_descr: z.string(),
  long_descr: z.string().nullable(),
  start_dttm: z.string(),
  end_dttm: z.string(),
  json_metadata: z.string().nullable(),
  layer: z.object({ id: z.number().int(), name: z.string() }),
  created_by: PersonSchema.nullable(),
  changed_by: PersonSchema.nullable(),
  created_on: z.string(),
  changed_on: z.string(),
  changed_on_delta_humanized: z.string(),
});
export type AnnotationDict = z.infer<typeof AnnotationDictSchema>;
export const AnnotationListSchema = listAnswer(AnnotationDictSchema);
export const AnnotationGetSchema = z.object({ id: z.number().int(), result: selectable(AnnotationDictSchema) });
export const AnnotationEchoSchema = z.object({
  id: z.number().int(),
  result: z
    .object({
      short_descr: z.string(),
      long_descr: z.string().nullable(),
      start_dttm: z.string(),
      end_dttm: z.string(),
      json_metadata: z.string().nullable(),
    })
    .partial(),
});

const FilterSchema = z.object({ name: z.string(), operator: z.string() });
export const AnnotationLayerInfoSchema = z.object({
  permissions: z.array(z.string()).optional(),
  filters: z.record(z.string(), z.array(FilterSchema)).optional(),
  add_columns: z.array(z.object({ name: z.string() })).optional(),
  edit_columns: z.array(z.object({ name: z.string() })).optional(),
});
