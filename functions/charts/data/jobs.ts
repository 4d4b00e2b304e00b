// Async chart data (GLOBAL_ASYNC_QUERIES): the request becomes a job item and a message on the charts
// queue; the worker claims the job (a lease that follows the charts queue's visibility timeout and that
// the worker renews while it runs, so a worker that died mid-job is taken over once its lease ends: the
// delivery that finds its claim waits that out, claimChartJob), runs it, stores the answer under the request's cache
// key, grants the user that key and ends the job done or error exactly once (a conditional write),
// then tells the user on their async event stream and WebSocket. GET /api/v1/chart/data/{cache_key} serves the job's key to that user only (byKey.ts).
import { withGrants } from '../../security/resolve';
import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { KEYS } from '../../../shared/resources/keys';
import { SupersetError } from '../../../shared/errors';
import { channelOf, publishEvent } from '../../events/asyncEvents';
import type { Identity } from '../../http/identity';
import type { Ports } from '../../ports/index';
import { getUserById } from '../../platform/users';
import { leaseMsFor } from '../../jobs/lease';
import { errorFields, logger } from '../../observability/logger';
import { QUEUES } from '../../../shared/resources/index';
import { writeCacheText } from './cache';
import { answerTextOf, prepareChartData, type ChartDataDeps, type ChartDataJobInput } from './service';

/** How long a claimed job belongs to its worker without renewal before another may take it over. */
export const chartJobLeaseMs = (env: NodeJS.ProcessEnv = process.env): number => leaseMsFor(QUEUES.charts, env);

export type ChartJobStatus = 'pending' | 'running' | 'done' | 'error';

export interface ChartJob extends ChartDataJobInput {
  jobId: string;
  userId: number;
  status: ChartJobStatus;
  leaseUntil: number;
  attempt: string | null;
  createdAt: number;
}

export interface ChartJobMessage {
  jobId: string;
}

const resultUrl = (key: string) => `/api/v1/chart/data/${key}`;
const isConditionFailure = (e: unknown) => (e as { name?: string }).name === 'ConditionalCheckFailedException';

export async function enqueueChartData(ports: Ports, user: Identity, input: ChartDataJobInput) {
  const jobId = ports.ids.uuid();
  const job: ChartJob = { ...input, jobId, userId: user.userId, status: 'pending', leaseUntil: 0, attempt: null, createdAt: ports.clock.now() };
  const ttl = Math.ceil(ports.clock.now() / 1000) + 7 * 86_400;
  await ports.tables.doc.send(new PutCommand({ TableName: ports.tables.name('main'), Item: { ...KEYS.chartJob(jobId), job, ttl } }));
  await ports.queue.send('charts', { jobId } satisfies ChartJobMessage);
  return { channel_id: channelOf(user.userId), job_id: jobId, user_id: String(user.userId), status: 'pending', result_url: resultUrl(input.contextKey) };
}

export async function findChartJob(ports: Ports, jobId: string): Promise<ChartJob | null> {
  const out = await ports.tables.doc.send(new GetCommand({ TableName: ports.tables.name('main'), Key: KEYS.chartJob(jobId), ConsistentRead: true }));
  return (out.Item?.job as ChartJob | undefined) ?? null;
}

/**
 * Changes the job item if `condition` holds on it (the status is `#s`); false when it does not. Every
 * change of a job's state goes through here: claims, renewals and the one end.
 */
async function updateJobIf(ports: Ports, jobId: string, update: string, condition: string, values: Record<string, unknown>): Promise<boolean> {
  try {
    await ports.tables.doc.send(
      new UpdateCommand({
        TableName: ports.tables.name('main'),
        Key: KEYS.chartJob(jobId),
        UpdateExpression: update,
        ConditionExpression: condition,
        ExpressionAttributeNames: { '#s': 'status' },
        ExpressionAttributeValues: values,
      }),
    );
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}

/** Takes a pending job, or a running one whose worker's lease ran out. */
function claim(ports: Ports, jobId: string, attempt: string, lease: number): Promise<boolean> {
  const now = ports.clock.now();
  return updateJobIf(
    ports,
    jobId,
    'SET job.#s = :running, job.leaseUntil = :lease, job.attempt = :attempt',
    'job.#s = :pending OR (job.#s = :running AND job.leaseUntil < :now)',
    { ':running': 'running', ':pending': 'pending', ':lease': now + lease, ':attempt': attempt, ':now': now },
  );
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Claims the job for `attempt`. A worker that died keeps its claim until its lease runs out (at most a
 * lease from now): that is waited out here, so a redelivery after a crash takes the job over instead
 * of failing and using up one of the message's deliveries. A holder that is alive renews its lease
 * every third of it, so it still holds the job past two leases from now: 'held' (the message comes
 * back later, or ends in the DLQ). 'ended': the job is done or error (or gone) already.
 */
export async function claimChartJob(
  ports: Ports,
  jobId: string,
  attempt: string,
  lease: number,
  wait: (ms: number) => Promise<void> = sleep,
): Promise<'claimed' | 'held' | 'ended'> {
  const deadline = ports.clock.now() + 2 * lease;
  for (;;) {
    if (await claim(ports, jobId, attempt, lease)) return 'claimed';
    const job = await findChartJob(ports, jobId);
    if (!job || job.status === 'done' || job.status === 'error') return 'ended';
    const now = ports.clock.now();
    if (job.leaseUntil >= deadline || now >= deadline) return 'held';
    await wait(Math.max(10, Math.min(job.leaseUntil + 1 - now, lease / 2)));
  }
}

/** Extends this attempt's lease; false once the job is no longer this attempt's running job. */
export function renewChartJobLease(ports: Ports, jobId: string, attempt: string, lease: number): Promise<boolean> {
  return updateJobIf(ports, jobId, 'SET job.leaseUntil = :lease', 'job.#s = :running AND job.attempt = :attempt', {
    ':lease': ports.clock.now() + lease,
    ':running': 'running',
    ':attempt': attempt,
  });
}

/**
 * Renews the lease every third of it while the job runs, as SQL Lab's worker does on every poll;
 * stops by itself once the job is no longer this attempt's (taken over, or ended by the dead-letter
 * drainer: then this attempt's finish is refused). Returns the stop function.
 */
export function holdChartJobLease(ports: Ports, jobId: string, attempt: string, lease: number): () => void {
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  const renew = async () => {
    let held = true;
    try {
      held = await renewChartJobLease(ports, jobId, attempt, lease);
    } catch (error) {
      // A failed write is retried at the next tick; the lease still has two thirds to run.
      logger.warn('chart job lease renewal failed', { job_id: jobId, ...errorFields(error) });
    }
    if (held && !stopped) timer = setTimeout(() => void renew(), lease / 3);
  };
  timer = setTimeout(() => void renew(), lease / 3);
  return () => {
    stopped = true;
    clearTimeout(timer);
  };
}

/** Ends the job once: only from running (and, for a worker, only its own attempt). */
function finish(ports: Ports, jobId: string, status: 'done' | 'error', attempt: string | null): Promise<boolean> {
  return updateJobIf(
    ports,
    jobId,
    'SET job.#s = :status',
    attempt === null ? 'job.#s IN (:pending, :running)' : 'job.#s = :running AND job.attempt = :attempt',
    { ':status': status, ':running': 'running', ...(attempt === null ? { ':pending': 'pending' } : { ':attempt': attempt }) },
  );
}

async function grant(ports: Ports, userId: number, key: string) {
  const ttl = Math.ceil(ports.clock.now() / 1000) + 7 * 86_400;
  await ports.tables.doc.send(new PutCommand({ TableName: ports.tables.name('main'), Item: { ...KEYS.chartResultGrant(userId, key), ttl } }));
}

const errorItem = (error: unknown) =>
  error instanceof SupersetError ? error.toItem() : { message: String((error as Error)?.message ?? error), error_type: 'GENERIC_BACKEND_ERROR', level: 'error', extra: null };

/**
 * Runs one job message. Returns false when another live worker holds the job (the message should
 * come back later); throws on infrastructure failures (retried); a query failure ends the job error.
 */
export async function runChartJob(ports: Ports, message: ChartJobMessage, deps: ChartDataDeps): Promise<boolean> {
  const job = await findChartJob(ports, message.jobId);
  if (!job || job.status === 'done' || job.status === 'error') return true;
  const attempt = ports.ids.uuid();
  const lease = chartJobLeaseMs();
  const claimed = await claimChartJob(ports, job.jobId, attempt, lease);
  if (claimed === 'ended') return true;
  if (claimed === 'held') return false;
  const release = holdChartJobLease(ports, job.jobId, attempt, lease);
  let outcome: { status: 'done' } | { status: 'error'; error: unknown };
  try {
    const user = await getUserById(ports, job.userId);
    if (!user) throw new SupersetError('GENERIC_BACKEND_ERROR', 'The user of this job no longer exists', { status: 404 });
    const identity: Identity = await withGrants(ports, { userId: user.id, username: user.username, roles: user.roles });
    const prepared = await prepareChartData(ports, identity, job.context, job.options, deps);
    const answer = await answerTextOf(ports, prepared, Boolean(job.options.force), deps);
    await writeCacheText(ports.blobs, job.contextKey, answer, ports.clock.now(), Math.max(prepared.timeout, 3600));
    await grant(ports, job.userId, job.contextKey);
    outcome = { status: 'done' };
  } catch (error) {
    if (!(error instanceof SupersetError)) throw error;
    outcome = { status: 'error', error };
  } finally {
    release();
  }
  if (!(await finish(ports, job.jobId, outcome.status, attempt))) return true;
  await publishEvent(ports, job.userId, {
    job_id: job.jobId,
    status: outcome.status,
    result_url: outcome.status === 'done' ? resultUrl(job.contextKey) : null,
    errors: outcome.status === 'error' ? [errorItem(outcome.error)] : [],
  });
  return true;
}

/** A message the workers gave up on: the job ends error (ASYNC_WORKERS_ERROR) unless it already ended. */
export async function deadLetterChartJob(ports: Ports, message: ChartJobMessage) {
  const job = await findChartJob(ports, message.jobId);
  if (!job || !(await finish(ports, job.jobId, 'error', null))) return;
  const error = new SupersetError('ASYNC_WORKERS_ERROR', 'The chart data job failed: its workers gave up on it');
  await publishEvent(ports, job.userId, { job_id: job.jobId, status: 'error', result_url: null, errors: [error.toItem()] });
}

export function parseChartJobMessage(body: string): ChartJobMessage | null {
  try {
    const parsed = JSON.parse(body);
    return typeof parsed?.jobId === 'string' ? { jobId: parsed.jobId } : null;
  } catch {
    return null;
  }
}
