// Login brute force through the local gateway: failures are counted per (username, client IP) and per
// client IP in the table, a subject past its limit is answered 429 (even with the right password)
// until the window has passed, and a good login then works. Requests come from distinct loopback
// addresses (127.0.0.x), so the gateway sees real source IPs; the window passes on the stack's clock,
// which the test moves, not on the wall clock.
import { request } from 'node:http';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { systemClock } from '../../functions/ports/clock';
import { throttlePolicy } from '../../functions/platform/auth/loginThrottle';
import { startLocalCloud, type LocalCloud } from '../support/localCloud';

let cloud: LocalCloud;
let shiftMs = 0;

beforeAll(async () => {
  cloud = await startLocalCloud();
  cloud.stack.ports.clock = { now: () => systemClock.now() + shiftMs };
});
afterEach(() => {
  // Each case starts past every failure the one before left.
  shiftMs += throttlePolicy().windowMs + 1000;
});
afterAll(async () => {
  if (cloud) cloud.stack.ports.clock = systemClock;
  await cloud?.stop();
});

/** POST /api/v1/security/login from `from` (a loopback address), optionally claiming another address in X-Forwarded-For. */
function login(username: string, password: string, from: string, forwardedFor?: string): Promise<{ status: number; body: Record<string, any> }> {
  const url = new URL('/api/v1/security/login', cloud.url);
  const payload = JSON.stringify({ username, password, provider: 'db' });
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: url.hostname,
        port: url.port,
        path: url.pathname,
        method: 'POST',
        localAddress: from,
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload), ...(forwardedFor ? { 'x-forwarded-for': forwardedFor } : {}) },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(Buffer.concat(chunks).toString('utf8')) }));
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

describe('login throttling', () => {
  it('throttles a username from one IP after 5 failures, even with the right password; the same user from another IP is not locked out', async () => {
    const attacker = '127.0.0.2';
    for (let i = 0; i < 5; i += 1) expect((await login('gamma', `wrong${i}`, attacker)).status).toBe(401);
    const blocked = await login('gamma', 'wrong', attacker);
    expect(blocked.status).toBe(429);
    expect(blocked.body).toMatchObject({ message: 'Too many login attempts. Try again later.', errors: [{ error_type: 'GENERIC_BACKEND_ERROR', level: 'error' }] });
    expect(blocked.body.errors[0].extra.retry_after).toBeGreaterThan(0);
    expect((await login('gamma', 'gamma', attacker)).status).toBe(429);
    // The user at their own address, and other users at the attacker's, still log in.
    expect((await login('gamma', 'gamma', '127.0.0.3')).status).toBe(200);
    expect((await login('admin', 'admin', attacker)).status).toBe(200);

    // Once the window has passed on the stack's clock, the throttled pair logs in again.
    shiftMs += throttlePolicy().windowMs + 1000;
    const after = await login('gamma', 'gamma', attacker);
    expect(after.status).toBe(200);
    expect(typeof after.body.access_token).toBe('string');
  });

  it('counts failures at the connection\'s address, not at an X-Forwarded-For the client wrote', async () => {
    const from = '127.0.0.4';
    for (let i = 0; i < 5; i += 1) expect((await login('gamma', `wrong${i}`, from, `203.0.113.${i}`)).status).toBe(401);
    expect((await login('gamma', 'gamma', from, '203.0.113.99')).status).toBe(429);
  });

  it('a good login clears that user\'s failures from that address', async () => {
    const from = '127.0.0.5';
    for (let i = 0; i < 4; i += 1) expect((await login('gamma', `wrong${i}`, from)).status).toBe(401);
    expect((await login('gamma', 'gamma', from)).status).toBe(200);
    for (let i = 0; i < 4; i += 1) expect((await login('gamma', `again${i}`, from)).status).toBe(401);
    expect((await login('gamma', 'gamma', from)).status).toBe(200);
  });

  it('throttles an IP after 20 failures across usernames', async () => {
    const from = '127.0.0.6';
    const failures = await Promise.all(Array.from({ length: 20 }, (_, i) => login(`nobody${i}`, 'x', from)));
    expect(failures.map((f) => f.status)).toEqual(Array(20).fill(401));
    expect((await login('admin', 'admin', from)).status).toBe(429);
    expect((await login('admin', 'admin', '127.0.0.7')).status).toBe(200);
  });
});
