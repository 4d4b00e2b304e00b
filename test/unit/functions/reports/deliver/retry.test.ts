// Delivery retries: exponential backoff between attempts, the first success ends them, and the last
// failure is REPORT_NOTIFICATION_ERROR naming the recipient and the provider's message.
import { describe, expect, it } from 'vitest';
import { SupersetError } from '../../../../../shared/errors';
import { withRetries } from '../../../../../functions/reports/deliver/retry';

function recorder() {
  const delays: number[] = [];
  return { delays, sleep: async (ms: number) => void delays.push(ms) };
}

describe('withRetries', () => {
  it('waits base, then twice base, between three failing attempts and ends in REPORT_NOTIFICATION_ERROR', async () => {
    const { delays, sleep } = recorder();
    let calls = 0;
    const failing = () => {
      calls++;
      return Promise.reject(new Error(`Webhook https://hooks.example.com answered HTTP 503 (try ${calls})`));
    };
    const error = await withRetries('Webhook https://hooks.example.com', failing, { attempts: 3, baseDelayMs: 250, sleep }).catch((e: unknown) => e);
    expect(calls).toBe(3);
    expect(delays).toEqual([250, 500]);
    expect(error).toBeInstanceOf(SupersetError);
    expect(error).toMatchObject({ errorType: 'REPORT_NOTIFICATION_ERROR', message: 'Webhook https://hooks.example.com: Webhook https://hooks.example.com answered HTTP 503 (try 3)' });
  });

  it('stops at the first success and answers its value', async () => {
    const { delays, sleep } = recorder();
    let calls = 0;
    const flaky = async () => {
      calls++;
      if (calls < 2) throw new Error('Slack files.getUploadURLExternal failed: ratelimited');
      return 'sent';
    };
    expect(await withRetries('Slack #data', flaky, { attempts: 3, baseDelayMs: 100, sleep })).toBe('sent');
    expect(calls).toBe(2);
    expect(delays).toEqual([100]);
  });

  it('keeps a non-Error rejection as the message', async () => {
    const { sleep } = recorder();
    await expect(withRetries('Email', () => Promise.reject('throttled'), { attempts: 2, baseDelayMs: 1, sleep })).rejects.toMatchObject({ errorType: 'REPORT_NOTIFICATION_ERROR', message: 'Email: throttled' });
  });
});
