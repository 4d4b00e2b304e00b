// A bounded fuzz pass over every route of the route table, as an anonymous caller, as gamma and as
// admin: bad and huge ids, rison garbage, unknown query parameters, malformed and ill-typed bodies,
// bodies over the payload limit. Every answer must be a typed 4xx (or a success): no 5xx, and no
// request may hang. The requests come from a seeded generator (test/support/fuzz), so a failure
// is reproduced by running the file again; FUZZ_SEED tries another sequence.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routes, type RouteDef } from '../../shared/routes/index';
import { casesFor, PAYLOAD_LIMIT, type FuzzRequest } from '../support/fuzz/cases';
import { seededRandom } from '../support/fuzz/random';
import { closeFuzzAgent, FuzzTimeoutError, sendFuzz, streamFuzz, type FuzzAnswer } from '../support/fuzz/send';
import { startLocalCloud, type LocalCloud } from '../support/localCloud';

const SEED = Number(process.env.FUZZ_SEED ?? 20261128);
/** Longer than the gateway's own 30 s limit would be a hang; no fuzz request should need more than a few. */
const REQUEST_TIMEOUT_MS = 20_000;
const CONCURRENCY = 4;

let cloud: LocalCloud;
const tokens: Record<string, string | undefined> = {};

interface Failure {
  caller: string;
  route: string;
  label: string;
  status: number | 'hang' | 'error';
  excerpt: string;
}
const tally = { requests: 0, fivexx: 0, byStatus: new Map<number, number>() };

beforeAll(async () => {
  cloud = await startLocalCloud();
  tokens.gamma = await cloud.login('gamma', 'gamma');
  tokens.admin = await cloud.login('admin', 'admin');
});

afterAll(async () => {
  closeFuzzAgent();
  await cloud?.stop();
  console.log(`[fuzz] seed ${SEED}: ${tally.requests} requests, ${tally.fivexx} answered 5xx; statuses ${JSON.stringify(Object.fromEntries([...tally.byStatus].sort(([a], [b]) => a - b)))}`);
});

async function attempt(caller: string, route: RouteDef, fuzz: FuzzRequest, send: () => Promise<FuzzAnswer>): Promise<Failure | null> {
  tally.requests++;
  const name = `${route.method} ${route.path}`;
  try {
    const answer = await send();
    tally.byStatus.set(answer.status, (tally.byStatus.get(answer.status) ?? 0) + 1);
    if (answer.status < 500) return null;
    tally.fivexx++;
    return { caller, route: name, label: fuzz.label, status: answer.status, excerpt: answer.excerpt };
  } catch (error) {
    return { caller, route: name, label: fuzz.label, status: error instanceof FuzzTimeoutError ? 'hang' : 'error', excerpt: String(error) };
  }
}

/** Runs the jobs CONCURRENCY at a time, in order. */
async function pool<T>(jobs: (() => Promise<T>)[]): Promise<T[]> {
  const results: T[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < jobs.length) {
        const index = next++;
        results[index] = await jobs[index]();
      }
    }),
  );
  return results;
}

/** One line per route, failing variant and answer, with the callers that met it. */
function describeFailures(failures: Failure[]): string[] {
  const lines = new Map<string, Set<string>>();
  for (const f of failures) {
    const line = `${f.route} [${f.label}] -> ${f.status}: ${f.excerpt.slice(0, 160)}`;
    lines.set(line, (lines.get(line) ?? new Set()).add(f.caller));
  }
  return [...lines].map(([line, callers]) => `${[...callers].join('+')}: ${line}`);
}

// Deletes go last and one at a time: they may remove the objects the other requests point at.
const ordered = [...routes.filter((r) => r.method !== 'DELETE'), ...routes.filter((r) => r.method === 'DELETE')];

describe('fuzz pass over every route', () => {
  for (const caller of ['anonymous', 'gamma', 'admin'] as const) {
    it(`answers ${caller} without a 5xx or a hang`, async () => {
      const random = seededRandom(SEED + caller.length);
      const token = tokens[caller];
      const jobs = ordered.flatMap((route) => casesFor(route, random).map((fuzz) => ({ route, fuzz })));
      const run = (job: (typeof jobs)[number]) => attempt(caller, job.route, job.fuzz, () => sendFuzz(cloud.url, job.fuzz, { token, timeoutMs: REQUEST_TIMEOUT_MS }));
      const concurrent = jobs.filter((j) => j.route.method !== 'DELETE');
      const failures = (await pool(concurrent.map((job) => () => run(job)))).filter((f): f is Failure => f !== null);
      for (const job of jobs.filter((j) => j.route.method === 'DELETE')) {
        const failure = await run(job);
        if (failure) failures.push(failure);
      }
      expect(describeFailures(failures)).toEqual([]);
    }, 120_000);
  }

  it('refuses a streamed body past the payload limit with 413, one route of each handler module', async () => {
    const byModule = new Map<string, RouteDef>();
    for (const route of routes) if (route.method !== 'GET' && !byModule.has(route.module)) byModule.set(route.module, route);
    const failures: Failure[] = [];
    for (const route of byModule.values()) {
      const fuzz: FuzzRequest = { label: 'streamed body over the payload limit', method: route.method, target: casesFor(route, seededRandom(SEED))[0].target.replace(/\?.*$/, ''), headers: { 'content-type': 'application/json' } };
      const answer = await attempt('admin', route, fuzz, () => streamFuzz(cloud.url, fuzz, PAYLOAD_LIMIT + 64 * 1024, { token: tokens.admin, timeoutMs: REQUEST_TIMEOUT_MS }));
      if (answer) failures.push(answer);
    }
    expect(describeFailures(failures)).toEqual([]);
  }, 120_000);
});
