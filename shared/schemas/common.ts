// Schemas shared by many routes: ids in paths and Superset's rison list arguments.
import { z } from 'zod';

export const IdParamsSchema = z.object({ pk: z.coerce.number().int().positive() });
export const StringIdParamsSchema = z.object({ pk: z.string().min(1).max(256) });

/** One rison filter of a list call: (col:name,opr:ct,value:x). */
export const ListFilterSchema = z.object({
  col: z.string(),
  opr: z.string(),
  value: z.unknown(),
});

/** Superset's list `q`: filters, ordering, paging, selected columns. */
export const ListQuerySchema = z
  .object({
    filters: z.array(ListFilterSchema).default([]),
    order_column: z.string().optional(),
    order_direction: z.enum(['asc', 'desc']).optional(),
    page: z.number().int().min(0).default(0),
    /** Absent: the resource's default; -1 or above the resource's maximum: cut to it (functions/lists). */
    page_size: z.number().int().min(-1).optional(),
    columns: z.array(z.string()).optional(),
    keys: z.array(z.string()).optional(),
    select_columns: z.array(z.string()).optional(),
  })
  .passthrough();
export type ListQuery = z.infer<typeof ListQuerySchema>;

/** `force` flags arrive as rison booleans. */
export const ForceSchema = z.object({ force: z.boolean().optional() }).passthrough();

/** The answer of a list call (functions/lists/engine.ts), given the schema of one result row. */
export const listResponseSchema = <Row extends z.ZodType>(row: Row) =>
  z.object({
    count: z.number().int().min(0),
    ids: z.array(z.union([z.number(), z.string()])),
    result: z.array(row),
    list_columns: z.array(z.string()).optional(),
    order_columns: z.array(z.string()).optional(),
    label_columns: z.record(z.string(), z.string()).optional(),
    description_columns: z.record(z.string(), z.string()).optional(),
    list_title: z.string().optional(),
  });
