// While a query runs: its state badge (colours per STATUS_BADGE), progress, elapsed time and Stop.
import { useEffect, useState } from 'react';
import { STATUS_BADGE, isInProgress, type BadgeState } from '../../../../../shared/constants';
import type { Query } from '../state/types';
import './results.css';

export function formatDuration(ms: number): string {
  const total = Math.max(0, ms);
  const h = Math.floor(total / 3_600_000);
  const m = Math.floor((total % 3_600_000) / 60_000);
  const s = Math.floor((total % 60_000) / 1000);
  const cs = Math.floor((total % 1000) / 10);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(h)}:${pad(m)}:${pad(s)}.${pad(cs)}`;
}

export function StateBadge({ state }: { state: BadgeState }) {
  return <span className={`state-badge state-badge--${STATUS_BADGE[state]}`}>{state}</span>;
}

/** Elapsed time that ticks while the query is in progress and freezes at its end time. */
export function Timer({ start, end, running }: { start: number; end?: number; running: boolean }) {
  const [now, setNow] = useState(Date.now());
  useEffect(() => {
    if (!running) return;
    const t = setInterval(() => setNow(Date.now()), 100);
    return () => clearInterval(t);
  }, [running]);
  return (
    <span className="query-timer" aria-label="Elapsed time" role="timer">
      {formatDuration((running ? now : end ?? now) - start)}
    </span>
  );
}

export function QueryStatusBar({ query, offline, onStop }: { query: Query; offline: boolean; onStop?: () => void }) {
  const running = isInProgress(query.state);
  // Fetching the rows of a finished query (after a reload) does not restart its clock.
  const ticking = running && !query.endDttm;
  return (
    // Only the state is announced: a live region around the ticking timer would talk every 100 ms.
    <div className="query-status">
      <span aria-live="polite" aria-atomic="true">
        <StateBadge state={offline ? 'offline' : query.state} />
      </span>
      <Timer start={query.startDttm} end={query.endDttm} running={ticking} />
      {running && (
        <div className="query-progress" role="progressbar" aria-label="Query progress" aria-valuemin={0} aria-valuemax={100} aria-valuenow={query.progress}>
          <div
            className={`query-progress__bar${query.progress ? '' : ' is-indeterminate'}`}
            style={{ width: query.progress ? `${query.progress}%` : undefined }}
          />
        </div>
      )}
      {running && onStop && (
        // Named apart from the toolbar's "Stop" so a screen reader's button list has no twins.
        <button type="button" className="button button--danger button--small" onClick={onStop} aria-label="Stop this query">
          Stop
        </button>
      )}
      {query.trackingUrl && (
        <a href={query.trackingUrl} target="_blank" rel="noreferrer">
          Track job
        </a>
      )}
    </div>
  );
}
