// The message a form shows for a refused save: the field messages of Superset's 422/400 body
// ('Name must be unique', 'End date must be after start date'), else the error's message.
import { ApiError } from '../../api/ApiError';

export function apiProblem(error: unknown, fallback: string): string {
  if (error instanceof ApiError) {
    const messages = error.errors?.[0]?.extra?.messages;
    if (messages && typeof messages === 'object') {
      const texts = Object.values(messages as Record<string, unknown>).flatMap((v) => (Array.isArray(v) ? v.map(String) : [String(v)]));
      if (texts.length) return texts.join(' ');
    }
    return error.message || fallback;
  }
  return error instanceof Error ? error.message : fallback;
}
