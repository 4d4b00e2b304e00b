// The chart job lease on real conditional writes (dynalite): the worker that holds a job renews its
// lease while it runs, and a renewal never revives a job that is no longer its own; a delivery that
// finds a dead worker's claim waits it out and takes the job, one that finds a live holder gives up.
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { claimChartJob, holdChartJobLease, renewChartJobLease, type ChartJob } from '../../../../../functions/charts/data/jobs';
import { KEYS } from '../../../../../shared/resources/keys';
import { startHarness, type Harness } from '../../platform/harness';
import { until } from '../../../../support/until';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h?.stop());

let n = 0;
async function putJob(fields: Partial<ChartJob>): Promise<string> {
  const jobId = `lease-${++n}`;
  const job = { context: {}, options: {}, contextKey: 'k'.repeat(40), jobId, userId: 2, status: 'running', leaseUntil: h.clock.nowMs + 1_000, attempt: 'mine', createdAt: h.clock.nowMs, ...fields };
  await h.ports.tables.doc.send(new PutCommand({ TableName: 'main', Item: { ...KEYS.chartJob(jobId), job } }));
  return jobId;
}
const jobOf = async (jobId: string) => (await h.ports.tables.doc.send(new GetCommand({ TableName: 'main', Key: KEYS.chartJob(jobId), ConsistentRead: true }))).Item!.job as ChartJob;

describe('chart job lease', () => {
  it('renews only the running job of the same attempt', async () => {
    const running = await putJob({});
    h.clock.nowMs += 500;
    expect(await renewChartJobLease(h.ports, running, 'mine', 1_000)).toBe(true);
    expect((await jobOf(running)).leaseUntil).toBe(h.clock.nowMs + 1_000);
    const before = await jobOf(running);
    expect(await renewChartJobLease(h.ports, running, 'someone-else', 1_000)).toBe(false);
    for (const status of ['done', 'error', 'pending'] as const) {
      const ended = await putJob({ status });
      expect(await renewChartJobLease(h.ports, ended, 'mine', 1_000)).toBe(false);
      expect(await jobOf(ended)).toMatchObject({ status, attempt: 'mine' });
    }
    expect(await jobOf(running)).toEqual(before);
  });

  it('keeps the lease ahead of the clock while held; once the job is taken over its renewals are refused', async () => {
    const jobId = await putJob({ leaseUntil: h.clock.nowMs + 300 });
    const stop = holdChartJobLease(h.ports, jobId, 'mine', 300);
    try {
      for (let i = 0; i < 3; i++) {
        h.clock.nowMs += 1_000;
        const target = h.clock.nowMs + 300;
        await until(async () => (await jobOf(jobId)).leaseUntil === target, `renewal ${i + 1}`);
      }
      // Another worker takes the job over (as if the lease had run out): this attempt can no longer renew.
      await h.ports.tables.doc.send(
        new PutCommand({ TableName: 'main', Item: { ...KEYS.chartJob(jobId), job: { ...(await jobOf(jobId)), attempt: 'taker', leaseUntil: h.clock.nowMs + 5_000 } } }),
      );
      const taken = await jobOf(jobId);
      h.clock.nowMs += 1_000;
      expect(await renewChartJobLease(h.ports, jobId, 'mine', 300)).toBe(false);
      expect(await jobOf(jobId)).toEqual(taken);
    } finally {
      stop();
    }
  });
});

describe('claiming a job another worker holds', () => {
  /** Waits on the harness clock: each wait moves it on, and `during` sees the job between waits. */
  const clockWait = (waited: number[], during?: () => Promise<void>) => async (ms: number) => {
    waited.push(ms);
    h.clock.nowMs += ms;
    await during?.();
  };

  it("waits out a dead worker's lease and takes the job over in the same delivery", async () => {
    const jobId = await putJob({ attempt: 'dead', leaseUntil: h.clock.nowMs + 700 });
    const start = h.clock.nowMs;
    const waited: number[] = [];
    expect(await claimChartJob(h.ports, jobId, 'taker', 1_000, clockWait(waited))).toBe('claimed');
    expect(waited.length).toBeGreaterThan(0);
    expect(h.clock.nowMs).toBeGreaterThan(start + 700);
    expect(await jobOf(jobId)).toMatchObject({ status: 'running', attempt: 'taker', leaseUntil: h.clock.nowMs + 1_000 });
  });

  it('gives a live holder the job: one that keeps renewing, or holds a long lease', async () => {
    const renewing = await putJob({ attempt: 'alive', leaseUntil: h.clock.nowMs + 1_000 });
    const start = h.clock.nowMs;
    const renew = async () => void (await renewChartJobLease(h.ports, renewing, 'alive', 1_000));
    expect(await claimChartJob(h.ports, renewing, 'taker', 1_000, clockWait([], renew))).toBe('held');
    expect(h.clock.nowMs - start).toBeLessThanOrEqual(2_000);
    expect(await jobOf(renewing)).toMatchObject({ attempt: 'alive' });

    const long = await putJob({ attempt: 'alive', leaseUntil: h.clock.nowMs + 3_600_000 });
    const waited: number[] = [];
    expect(await claimChartJob(h.ports, long, 'taker', 1_000, clockWait(waited))).toBe('held');
    expect(waited).toEqual([]);
  });

  it('stops waiting when the holder ends the job', async () => {
    const jobId = await putJob({ attempt: 'finishing', leaseUntil: h.clock.nowMs + 900 });
    const finish = async () => {
      await h.ports.tables.doc.send(new PutCommand({ TableName: 'main', Item: { ...KEYS.chartJob(jobId), job: { ...(await jobOf(jobId)), status: 'done' } } }));
    };
    expect(await claimChartJob(h.ports, jobId, 'taker', 1_000, clockWait([], finish))).toBe('ended');
    expect(await jobOf(jobId)).toMatchObject({ status: 'done', attempt: 'finishing' });
  });
});
