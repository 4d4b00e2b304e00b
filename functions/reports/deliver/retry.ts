// Delivery attempts with exponential backoff; the last failure ends the run Error with the provider's
// message as REPORT_NOTIFICATION_ERROR.
import { SupersetError } from '../../../shared/errors';

export const RETRY = { attempts: 3, baseDelayMs: Number(process.env.REPORTS_RETRY_BASE_MS ?? 250) };

export async function withRetries<T>(what: string, fn: () => Promise<T>, opts = RETRY): Promise<T> {
  let last: unknown;
  for (let attempt = 0; attempt < opts.attempts; attempt++) {
    try {
      return await fn();
    } catch (error) {
      last = error;
      if (attempt < opts.attempts - 1) await new Promise((r) => setTimeout(r, opts.baseDelayMs * 2 ** attempt));
    }
  }
  const message = last instanceof Error ? last.message : String(last);
  throw new SupersetError('REPORT_NOTIFICATION_ERROR', `${what}: ${message}`);
}
