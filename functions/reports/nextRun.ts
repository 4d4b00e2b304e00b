// When a report runs next: its crontab evaluated in its own time zone by croner, so 09:00 in
// Europe/Berlin stays 09:00 local time on both sides of a daylight-saving change. Pure.
import { Cron } from 'croner';

/** The first run strictly after `afterMs` (epoch ms), or null when the expression never fires again. */
export function nextRunAfter(crontab: string, timezone: string, afterMs: number): number | null {
  const cron = new Cron(crontab, { timezone, paused: true });
  // Runs are whole minutes: a run due at 09:00:00.000 is not "after" 09:00:00.000.
  const next = cron.nextRun(new Date(afterMs));
  return next ? next.getTime() : null;
}

/** Every run in (fromMs, toMs], oldest first (at most `limit`). */
export function runsBetween(crontab: string, timezone: string, fromMs: number, toMs: number, limit = 100): number[] {
  const out: number[] = [];
  for (let t = nextRunAfter(crontab, timezone, fromMs); t !== null && t <= toMs && out.length < limit; t = nextRunAfter(crontab, timezone, t)) out.push(t);
  return out;
}
