// A refused save as the modal shows it: the server's per-field messages (400 INVALID_PAYLOAD_SCHEMA_ERROR
// and 422 bodies carry extra.messages {field: [message]}) or its message. Pure.
export interface ServerErrors {
  summary: string;
  fields: Record<string, string>;
}

export function serverErrors(error: unknown): ServerErrors {
  const e = error as { message?: string; errors?: { extra?: unknown }[]; body?: { message?: unknown } } | null;
  const fields: Record<string, string> = {};
  const extra = e?.errors?.[0]?.extra as { messages?: unknown } | null | undefined;
  const messages = extra?.messages ?? (typeof e?.body?.message === 'object' ? e.body.message : undefined);
  if (messages && typeof messages === 'object') {
    for (const [field, value] of Object.entries(messages as Record<string, unknown>)) {
      fields[field] = Array.isArray(value) ? value.map(String).join(' ') : String(value);
    }
  }
  const summary = Object.keys(fields).length ? Object.entries(fields).map(([k, v]) => `${k}: ${v}`).join('; ') : (e?.message ?? 'An error occurred');
  return { summary, fields };
}
