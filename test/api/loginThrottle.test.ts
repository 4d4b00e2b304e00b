// Login brute force through the local gateway: failures are counted per username and per client IP in
// the table, a subject past its limit is answered 429 (even with the right password) until the
// window has passed, and a good login then works. The window is shortened to 6 s for the test.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLocalCloud, type LocalCloud } from '../support/localCloud';

let cloud: LocalCloud;

beforeAll(async () => {
  cloud = await startLocalCloud({ env: { LOGIN_THROTTLE_WINDOW_SECONDS: '6' } });
});
afterAll(async () => {
  await cloud?.stop();
});

const login = async (username: string, password: string, ip?: string) => {
  const res = await fetch(`${cloud.url}/api/v1/security/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(ip ? { 'x-forwarded-for': ip } : {}) },
    body: JSON.stringify({ username, password, provider: 'db' }),
  });
  return { status: res.status, body: (await res.json()) as Record<string, any> };
};

/** Polls until `probe` answers `status` or the deadline passes (no fixed sleeps). */
async function until<T extends { status: number }>(probe: () => Promise<T>, status: number, deadlineMs = 15_000): Promise<T> {
  const end = Date.now() + deadlineMs;
  let last = await probe();
  while (last.status !== status && Date.now() < end) {
    await new Promise((resolve) => setTimeout(resolve, 250));
    last = await probe();
  }
  return last;
}

describe('login throttling', () => {
  it('throttles a username after 5 failures, from any IP, even with the right password; a good login after the window works', async () => {
    for (let i = 0; i < 5; i += 1) expect((await login('gamma', `wrong${i}`, `10.0.0.${i}`)).status).toBe(401);
    const blocked = await login('gamma', 'wrong', '10.0.1.1');
    expect(blocked.status).toBe(429);
    expect(blocked.body).toMatchObject({ message: 'Too many login attempts. Try again later.', errors: [{ error_type: 'GENERIC_BACKEND_ERROR', level: 'error' }] });
    expect(blocked.body.errors[0].extra.retry_after).toBeGreaterThan(0);
    expect((await login('gamma', 'gamma', '10.0.1.2')).status).toBe(429);
    // Other users are not affected.
    expect((await login('admin', 'admin', '10.0.1.3')).status).toBe(200);
    const after = await until(() => login('gamma', 'gamma', '10.0.1.4'), 200);
    expect(after.status).toBe(200);
    expect(typeof after.body.access_token).toBe('string');
  });

  it('throttles an IP after 20 failures across usernames', async () => {
    const ip = '192.0.2.7';
    // Sent together, so all 20 fall inside the short window.
    const failures = await Promise.all(Array.from({ length: 20 }, (_, i) => login(`nobody${i}`, 'x', ip)));
    expect(failures.map((f) => f.status)).toEqual(Array(20).fill(401));
    expect((await login('admin', 'admin', ip)).status).toBe(429);
    expect((await login('admin', 'admin', '192.0.2.8')).status).toBe(200);
  });
});
