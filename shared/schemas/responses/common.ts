// Pieces of many route answers: Superset's list envelope, people, error items and plain messages.
import { z } from 'zod';
import { ERROR_TYPES, type ErrorType } from '../../errors';

/** {message: 'OK'} and other one-line confirmations (deletes, connection tests). */
export const MessageSchema = z.object({ message: z.string() });

/** One error of Superset's error body (also carried by failed queries). */
export const ErrorItemSchema = z.object({
  message: z.string(),
  error_type: z.enum(ERROR_TYPES as [ErrorType, ...ErrorType[]]),
  level: z.enum(['info', 'warning', 'error']),
  extra: z.record(z.string(), z.unknown()).nullable(),
});

/** A user as related fields show it (created_by, changed_by, owners). */
export const PersonSchema = z.object({ id: z.number().int(), first_name: z.string(), last_name: z.string() });
/** created_by / changed_by of list and show answers: names only. */
export const PersonNamesSchema = z.object({ first_name: z.string(), last_name: z.string() });

/**
 * Superset's list answer (count, ids, result, list_columns, order_columns...). `item` is the full row;
 * lists select columns (`q=(columns:!(...))`), so each result row may hold any subset of its fields.
 */
export const listAnswer = <T extends z.ZodObject>(item: T) =>
  z.object({
    count: z.number().int().min(0),
    ids: z.array(z.union([z.number(), z.string()])),
    result: z.array(item.partial()),
    list_columns: z.array(z.string()).readonly(),
    order_columns: z.array(z.string()).readonly(),
    list_title: z.string().optional(),
    description_columns: z.record(z.string(), z.string()).optional(),
    label_columns: z.record(z.string(), z.string()).optional(),
  });

/** A related-field lookup (the list filters' dropdowns): {count, result: [{value, text}]}. */
export const ChoicesSchema = z.object({
  count: z.number().int().min(0),
  result: z.array(z.object({ value: z.union([z.number(), z.string()]), text: z.string(), extra: z.record(z.string(), z.unknown()).optional() })),
});
