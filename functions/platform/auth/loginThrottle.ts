// Login brute force is throttled per (username, client IP) and per client IP, as Superset's rate
// limiter keys on the remote address (kept in the table so every function instance sees the same
// count): each failed login is one item with a TTL, and a subject past its limit inside the window is
// answered 429 until its oldest failure ages out, even when the password is right (else the 429 would
// tell an attacker when they guessed it). Never by username alone: failures from one address must not
// lock the user out from every other. A good login clears that username's failures from that IP.
import { BatchWriteCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { SupersetError } from '../../../shared/errors';
import { FUNCTION_ENV } from '../../../shared/resources/index';
import { KEYS, padMs } from '../../../shared/resources/keys';
import { optionalEnv } from '../../ports/env';
import type { Ports } from '../../ports/index';
import { isExpired, queryAllItems } from '../../ports/tables';

export interface ThrottlePolicy {
  windowMs: number;
  perUser: number;
  perIp: number;
}

/** 5 failures per username from one IP and 20 per IP in 5 minutes; LOGIN_THROTTLE_WINDOW_SECONDS changes the window. */
export function throttlePolicy(env: NodeJS.ProcessEnv = process.env): ThrottlePolicy {
  const seconds = Number(optionalEnv(FUNCTION_ENV.loginThrottleWindowSeconds, '300', env));
  return { windowMs: (Number.isFinite(seconds) && seconds > 0 ? seconds : 300) * 1000, perUser: 5, perIp: 20 };
}

type P = Pick<Ports, 'tables' | 'clock' | 'ids'>;

// Without a known address (never behind API Gateway, which always gives one) all such callers share one.
const subjects = (username: string, ip: string | null) => ({
  userAtIp: KEYS.loginFailures(`USER#${username.trim().toLowerCase()}#IP#${ip ?? 'unknown'}`),
  ip: KEYS.loginFailures(`IP#${ip ?? 'unknown'}`),
});

async function recent(ports: P, pk: string, sinceMs: number): Promise<Record<string, unknown>[]> {
  const items = await queryAllItems(ports.tables, {
    KeyConditionExpression: 'pk = :pk AND sk >= :since',
    ExpressionAttributeValues: { ':pk': pk, ':since': padMs(sinceMs) },
    ConsistentRead: true,
  });
  const now = ports.clock.now();
  return items.filter((item) => !isExpired(item as { ttl?: number }, now));
}

export const throttled = (retryAfterSeconds: number) =>
  new SupersetError('GENERIC_BACKEND_ERROR', 'Too many login attempts. Try again later.', {
    status: 429,
    extra: { retry_after: retryAfterSeconds },
  });

/** Throws 429 when the username from this IP, or the IP, is past its limit of failures inside the window. */
export async function assertLoginAllowed(ports: P, username: string, ip: string | null, policy = throttlePolicy()): Promise<void> {
  const now = ports.clock.now();
  const since = now - policy.windowMs;
  const keys = subjects(username, ip);
  const checks: [string, number][] = [
    [keys.userAtIp, policy.perUser],
    [keys.ip, policy.perIp],
  ];
  for (const [pk, limit] of checks) {
    const failures = await recent(ports, pk, since);
    if (failures.length >= limit) {
      const oldest = Math.min(...failures.map((f) => Number(f.failed_at_ms)));
      throw throttled(Math.max(1, Math.ceil((oldest + policy.windowMs - now) / 1000)));
    }
  }
}

export async function recordLoginFailure(ports: P, username: string, ip: string | null, policy = throttlePolicy()): Promise<void> {
  const now = ports.clock.now();
  const keys = subjects(username, ip);
  const ttl = Math.ceil((now + policy.windowMs) / 1000);
  await Promise.all(
    [keys.userAtIp, keys.ip].map((pk) =>
      ports.tables.doc.send(
        new PutCommand({ TableName: ports.tables.name('main'), Item: { pk, sk: `${padMs(now)}#${ports.ids.uuid()}`, failed_at_ms: now, ttl } }),
      ),
    ),
  );
}

export async function clearLoginFailures(ports: P, username: string, ip: string | null): Promise<void> {
  const pk = subjects(username, ip).userAtIp;
  const items = await queryAllItems(ports.tables, { KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': pk } });
  for (let i = 0; i < items.length; i += 25) {
    const batch = items.slice(i, i + 25).map((item) => ({ DeleteRequest: { Key: { pk: item.pk, sk: item.sk } } }));
    await ports.tables.doc.send(new BatchWriteCommand({ RequestItems: { [ports.tables.name('main')]: batch } }));
  }
}
