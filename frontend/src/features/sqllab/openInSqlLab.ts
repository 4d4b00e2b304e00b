// How other pages hand a query to SQL Lab (Explore's "View in SQL Lab", a dataset's "Query"). In the
// same window it travels as router state; for a new window (what Superset does with a posted form) it
// is parked in local storage under a one-time key named in the URL, so the SQL never sits in the URL.
import type { useNavigate } from '@tanstack/react-router';
import { EDITOR } from '../../../../shared/constants';

export interface RequestedQueryPayload {
  datasourceKey?: string;
  sql: string;
}

const KEY_PREFIX = EDITOR.parkedRequestPrefix;

export function openInSqlLab(navigate: ReturnType<typeof useNavigate>, request: RequestedQueryPayload, options: { newWindow?: boolean } = {}) {
  if (options.newWindow) {
    const key = crypto.randomUUID();
    localStorage.setItem(KEY_PREFIX + key, JSON.stringify(request));
    window.open(`/sqllab/?requestKey=${key}`, '_blank', 'noopener');
    return Promise.resolve();
  }
  return navigate({ to: '/sqllab/', state: { requestedQuery: request } as never });
}

/** Reads and removes a parked request; null when missing or not a request. */
export function takeParkedRequest(key: string, storage: Pick<Storage, 'getItem' | 'removeItem'>): RequestedQueryPayload | null {
  const raw = storage.getItem(KEY_PREFIX + key);
  storage.removeItem(KEY_PREFIX + key);
  try {
    const value = raw ? JSON.parse(raw) : null;
    return value && typeof value.sql === 'string' ? { sql: value.sql, datasourceKey: typeof value.datasourceKey === 'string' ? value.datasourceKey : undefined } : null;
  } catch {
    return null;
  }
}
