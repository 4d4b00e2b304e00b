// Delivery attempts with exponential backoff; the last failure ends the run Error with the provider's
// message as REPORT_NOTIFICATION_ERROR.
import { SupersetError } from '../../../shared/errors';

export interface RetryOptions {
  attempts: number;
  baseDelayMs: number;
  /** Waits between attempts (tests pass one that records the delays). */
  sleep?: (ms: number) => Promise<void>;
}

export const RETRY: RetryOptions = { attempts: 3, baseDelayMs: Number(process.env.REPORTS_RETRY_BASE_MS ?? 250) };

const wait = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

export async function withRetries<T>(what: string, fn: () => Promise<T>, opts: RetryOptions = RETRY): Promise<T> {
  const sleep = opts.sleep ?? wait;
  let last: unknown;
  for (let attempt = 0; attempt < opts.attempts; attempt++) {
    try {
      return await fn();
    } catch (error) {
      last = error;
      if (attempt < opts.attempts - 1) await sleep(opts.baseDelayMs * 2 ** attempt);
    }
  }
  const message = last instanceof Error ? last.message : String(last);
  throw new SupersetError('REPORT_NOTIFICATION_ERROR', `${what}: ${message}`);
}
