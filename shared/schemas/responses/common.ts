// Pieces of many route answers: Superset's list envelope, people, error items and plain messages.
import { z } from 'zod';
import { ERROR_TYPES, type ErrorType } from '../../errors';

/** A file download (zip, CSV): not JSON, so not checked; callers read it with `api.raw`. */
export const FileDownloadSchema = z.unknown().describe('a file (zip, CSV), read with api.raw');

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

/** A schema as Superset's `columns` selection leaves it: every object field optional, at any depth. */
export type Selectable<T> =
  T extends z.ZodObject<infer S>
    ? z.ZodObject<{ [K in keyof S]: z.ZodOptional<Selectable<S[K]>> }>
    : T extends z.ZodNullable<infer I>
      ? z.ZodNullable<Selectable<I>>
      : T extends z.ZodOptional<infer I>
        ? z.ZodOptional<Selectable<I>>
        : T extends z.ZodArray<infer I>
          ? z.ZodArray<Selectable<I>>
          : T;

/**
 * The answer to a get or list with `q=(columns:!(...))`: any field may be left out, and a dotted column
 * (`database.id`, `columns.column_name`) keeps part of a related object or of each item of a list.
 */
export function selectable<T extends z.ZodType>(schema: T): Selectable<T> {
  const loose = (s: z.ZodType): z.ZodType => {
    if (s instanceof z.ZodObject) return z.object(Object.fromEntries(Object.entries(s.shape).map(([k, v]) => [k, loose(v as z.ZodType).optional()])));
    if (s instanceof z.ZodNullable) return loose(s.unwrap() as z.ZodType).nullable();
    if (s instanceof z.ZodOptional) return loose(s.unwrap() as z.ZodType).optional();
    if (s instanceof z.ZodArray) return z.array(loose(s.element as z.ZodType));
    return s;
  };
  return loose(schema) as Selectable<T>;
}

/**
 * Superset's list answer (count, ids, result, list_columns, order_columns...). `item` is the full row;
 * lists select columns (`q=(columns:!(...))`), so each result row may hold any subset of its fields.
 */
export const listAnswer = <S extends z.ZodRawShape>(item: z.ZodObject<S>) =>
  z.object({
    count: z.number().int().min(0),
    ids: z.array(z.union([z.number(), z.string()])),
    result: z.array(selectable(item)),
    // `q=(keys:!(...))` chooses which of these metadata keys come back (functions/lists/engine.ts).
    list_columns: z.array(z.string()).readonly().optional(),
    order_columns: z.array(z.string()).readonly().optional(),
    list_title: z.string().optional(),
    description_columns: z.record(z.string(), z.string()).optional(),
    label_columns: z.record(z.string(), z.string()).optional(),
  });

/** A related-field lookup (the list filters' dropdowns): {count, result: [{value, text}]}. */
export const ChoicesSchema = z.object({
  count: z.number().int().min(0),
  result: z.array(z.object({ value: z.union([z.number(), z.string()]), text: z.string(), extra: z.record(z.string(), z.unknown()).optional() })),
});
