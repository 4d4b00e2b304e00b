// Answers of /api/v1/rowlevelsecurity/ (Superset's RLSRestApi): list rows, the show shape, and the
// body echoed by post and put.
import { z } from 'zod';
import { listAnswer } from './common';

const FilterType = z.enum(['Regular', 'Base']);

export const RlsListRowSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  filter_type: FilterType,
  tables: z.array(z.object({ id: z.number().int(), table_name: z.string() })),
  roles: z.array(z.object({ id: z.number().int(), name: z.string() })),
  clause: z.string(),
  changed_on_delta_humanized: z.string(),
  changed_by: z.object({ first_name: z.string(), last_name: z.string(), id: z.number().int() }).nullable(),
  group_key: z.string().nullable(),
});
export const RlsListSchema = listAnswer(RlsListRowSchema);

export const RlsShowSchema = z.object({
  id: z.number().int(),
  result: z.object({
    id: z.number().int(),
    name: z.string(),
    description: z.string().nullable(),
    filter_type: FilterType,
    tables: z.array(z.object({ id: z.number().int(), schema: z.string().nullable(), table_name: z.string() })),
    roles: z.array(z.object({ id: z.number().int(), name: z.string() })),
    group_key: z.string().nullable(),
    clause: z.string(),
  }),
});

export const RlsEchoSchema = z.object({
  id: z.number().int(),
  result: z.object({
    name: z.string().optional(),
    description: z.string().nullable().optional(),
    filter_type: FilterType.optional(),
    tables: z.array(z.number().int()).optional(),
    roles: z.array(z.number().int()).optional(),
    group_key: z.string().nullable().optional(),
    clause: z.string().optional(),
  }),
});
