import type { SQSEvent } from 'aws-lambda';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deadLetterWorker, DONE_MARKER_TTL_SECONDS, forgetDone, queueWorker, type QueueJob } from '../../../../functions/jobs/queueWorker';
import { startHarness, type Harness } from '../platform/harness';

interface Msg {
  id: string;
  fail?: boolean;
  leave?: boolean;
}

describe('queueWorker', () => {
  let h: Harness;
  const runs: string[] = [];
  const dead: string[] = [];
  const job: QueueJob<Msg> = {
    queue: 'queries',
    parse: (body) => {
      try {
        const m = JSON.parse(body) as Msg;
        return typeof m.id === 'string' ? m : null;
      } catch {
        return null;
      }
    },
    key: (m) => m.id,
    run: async (_ports, m) => {
      runs.push(m.id);
      if (m.fail) throw new Error('boom');
      return m.leave ? false : undefined;
    },
    deadLetter: async (_ports, m) => {
      if (m.fail) throw new Error('cannot mark');
      dead.push(m.id);
    },
  };
  let seq = 0;
  const event = (...bodies: (Msg | string)[]): SQSEvent => ({
    Records: bodies.map((b) => ({ messageId: `m${++seq}`, body: typeof b === 'string' ? b : JSON.stringify(b) }) as SQSEvent['Records'][number]),
  });
  const worker = () => queueWorker(job, () => h.ports);

  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(() => h.stop());

  it('reports only the failed messages of a batch and drops malformed ones', async () => {
    runs.length = 0;
    const e = event({ id: 'a1' }, { id: 'a2', fail: true }, 'not json', { id: 'a3' });
    const out = await worker()(e);
    expect(out.batchItemFailures).toEqual([{ itemIdentifier: e.Records[1].messageId }]);
    expect(runs.sort()).toEqual(['a1', 'a2', 'a3']);
  });

  it('runs one key once per batch and never again after it succeeded', async () => {
    runs.length = 0;
    expect((await worker()(event({ id: 'b1' }, { id: 'b1' }))).batchItemFailures).toEqual([]);
    expect((await worker()(event({ id: 'b1' }))).batchItemFailures).toEqual([]);
    expect(runs).toEqual(['b1']);
  });

  it('runs again a key whose run failed, was left to another worker, or was forgotten', async () => {
    runs.length = 0;
    await worker()(event({ id: 'c1', fail: true }));
    await worker()(event({ id: 'c1' }));
    await worker()(event({ id: 'c2', leave: true }));
    await worker()(event({ id: 'c2' }));
    await forgetDone(h.ports, 'queries', 'c2');
    await worker()(event({ id: 'c2' }));
    expect(runs).toEqual(['c1', 'c1', 'c2', 'c2', 'c2']);
  });

  it('forgets a done key once its marker expired', async () => {
    runs.length = 0;
    await worker()(event({ id: 'd1' }));
    h.clock.nowMs += (DONE_MARKER_TTL_SECONDS + 1) * 1000;
    await worker()(event({ id: 'd1' }));
    expect(runs).toEqual(['d1', 'd1']);
  });

  it('hands dead letters to the job, reporting the ones it could not mark', async () => {
    const e = event({ id: 'e1' }, { id: 'e2', fail: true }, 'garbage');
    const out = await deadLetterWorker(job, () => h.ports)(e);
    expect(out.batchItemFailures).toEqual([{ itemIdentifier: e.Records[1].messageId }]);
    expect(dead).toEqual(['e1']);
  });
});
