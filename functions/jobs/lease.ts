// How long a worker's claim on one unit of queued work holds without renewal, derived from its
// queue's visibility timeout (shared/resources/queues.ts; LOCAL_VISIBILITY_TIMEOUT_SECONDS shortens it
// locally, as infra/local/config.ts does for the queue itself). Never longer than the visibility, or a
// message redelivered after its worker died would still find that worker's claim valid; at most 30 s
// because a running worker renews its claim (a dead one stops renewing and is taken over soon).
import { visibilityTimeoutSeconds, type QueueDef } from '../../shared/resources/index';

export const MAX_LEASE_MS = 30_000;
const MIN_LEASE_MS = 1_000;

export function leaseMsFor(queue: QueueDef, env: NodeJS.ProcessEnv = process.env): number {
  const raw = env.LOCAL_VISIBILITY_TIMEOUT_SECONDS;
  const override = Number(raw);
  const visibility = raw && Number.isFinite(override) && override > 0 ? override : visibilityTimeoutSeconds(queue);
  return Math.max(MIN_LEASE_MS, Math.min(MAX_LEASE_MS, visibility * 1000));
}
