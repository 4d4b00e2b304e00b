// Superset's TabStateView and TableSchemaView read `request.form` and json.loads every field, so its
// frontend posts forms whose values are JSON text; our client posts JSON. The route schemas decode the
// non-string fields (shared/routes/tabState.ts); string fields of a form request are decoded here and
// the result validated again, answering like the stack does (400 INVALID_PAYLOAD_SCHEMA_ERROR).
import type { z } from 'zod';
import { SupersetError } from '../../shared/errors';

export const isFormRequest = (headers: Record<string, string | undefined>) => {
  const type = (headers['content-type'] ?? headers['Content-Type'] ?? '').toLowerCase();
  return type.includes('application/x-www-form-urlencoded') || type.includes('multipart/form-data');
};

/** A form value is JSON text; a value that is not JSON is taken as the plain string it is. */
export function decodeJsonText(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  try {
    return JSON.parse(value);
  } catch {
    return value;
  }
}

/** Validates `value`; `prefix` names the field a nested object came in (`queryEditor.sql`). */
export function validateBody<T>(schema: z.ZodType<T>, value: unknown, prefix?: string): T {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  const messages: Record<string, string[]> = {};
  for (const issue of parsed.error.issues) {
    const path = [...(prefix ? [prefix] : []), ...issue.path.map(String)];
    const key = path.length ? path.join('.') : '_schema';
    (messages[key] ??= []).push(issue.message);
  }
  const summary = Object.entries(messages)
    .map(([k, v]) => `${k}: ${v.join(', ')}`)
    .join('; ');
  throw new SupersetError('INVALID_PAYLOAD_SCHEMA_ERROR', `Invalid request body: ${summary}`, {
    status: 400,
    extra: { messages },
  });
}

/**
 * The body as `schema`'s type. A JSON body was already validated by the stack with the same schema;
 * a form body has its string fields decoded from JSON text, then is validated again.
 */
export function readBody<T>(
  req: { body: unknown; headers: Record<string, string | undefined> },
  schema: z.ZodType<T>,
): T {
  const body = (req.body ?? {}) as Record<string, unknown>;
  if (!isFormRequest(req.headers)) return body as T;
  const decoded = Object.fromEntries(Object.entries(body).map(([k, v]) => [k, decodeJsonText(v)]));
  return validateBody(schema, decoded);
}

/** A nested object that may arrive as JSON text (Superset's `queryEditor`, `table` fields). */
export function readNested<T>(value: unknown, schema: z.ZodType<T>, field: string): T {
  let decoded = value;
  if (typeof value === 'string') {
    try {
      decoded = JSON.parse(value);
    } catch {
      throw new SupersetError('INVALID_PAYLOAD_FORMAT_ERROR', `${field} is not valid JSON`, { status: 400 });
    }
  }
  return validateBody(schema, decoded, field);
}
