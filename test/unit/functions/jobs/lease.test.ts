import { describe, expect, it } from 'vitest';
import { leaseMsFor, MAX_LEASE_MS } from '../../../../functions/jobs/lease';
import { leaseMs } from '../../../../functions/sqllab/worker';
import { chartJobLeaseMs } from '../../../../functions/charts/data/jobs';
import { QUEUES, visibilityTimeoutSeconds } from '../../../../shared/resources/index';

describe('work leases follow their queue visibility timeout', () => {
  it.each(Object.entries(QUEUES))('%s: on AWS the lease is shorter than the visibility and the worker timeout', (_name, def) => {
    const lease = leaseMsFor(def, {});
    expect(lease).toBe(MAX_LEASE_MS);
    expect(lease).toBeLessThan(visibilityTimeoutSeconds(def) * 1000);
    // Renewed while the worker lives; it runs out soon after a Lambda killed at its timeout.
    expect(lease).toBeLessThan(def.workerTimeoutSeconds * 1000);
  });

  it('is shortened by LOCAL_VISIBILITY_TIMEOUT_SECONDS, never below a second, never above the cap', () => {
    expect(leaseMsFor(QUEUES.charts, { LOCAL_VISIBILITY_TIMEOUT_SECONDS: '20' })).toBe(20_000);
    expect(leaseMsFor(QUEUES.charts, { LOCAL_VISIBILITY_TIMEOUT_SECONDS: '0.2' })).toBe(1_000);
    expect(leaseMsFor(QUEUES.charts, { LOCAL_VISIBILITY_TIMEOUT_SECONDS: '3600' })).toBe(MAX_LEASE_MS);
    // Not a positive number: the queue's own visibility.
    for (const raw of ['', '0', 'soon']) expect(leaseMsFor(QUEUES.charts, { LOCAL_VISIBILITY_TIMEOUT_SECONDS: raw })).toBe(MAX_LEASE_MS);
  });

  it('is derived the same way for SQL Lab queries and chart data jobs', () => {
    for (const env of [{}, { LOCAL_VISIBILITY_TIMEOUT_SECONDS: '1' }, { LOCAL_VISIBILITY_TIMEOUT_SECONDS: '30' }]) {
      expect(chartJobLeaseMs(env)).toBe(leaseMsFor(QUEUES.charts, env));
      expect(leaseMs(env)).toBe(leaseMsFor(QUEUES.queries, env));
      expect(chartJobLeaseMs(env)).toBe(leaseMs(env));
    }
  });
});
