// Shared by the SQL Lab and query API suites: an HTTP caller with tokens and rison, and waiting for
// a query to reach a state through the public API (no sleeps).
import rison from 'rison';
import type { LocalCloud } from '../support/localCloud';

export type Json = Record<string, any>;

export function client(cloud: () => LocalCloud) {
  const call = async (path: string, init: RequestInit & { token?: string; json?: unknown } = {}) => {
    const headers = new Headers(init.headers);
    if (init.token) headers.set('authorization', `Bearer ${init.token}`);
    if (init.json !== undefined) headers.set('content-type', 'application/json');
    const res = await fetch(`${cloud().url}${path}`, {
      ...init,
      headers,
      body: init.json !== undefined ? JSON.stringify(init.json) : init.body,
    });
    const text = await res.text();
    let body: Json | null = null;
    try {
      body = text ? (JSON.parse(text) as Json) : null;
    } catch {
      body = { raw: text };
    }
    return { status: res.status, body: body as Json, bytes: text.length };
  };
  const q = (value: unknown) => `q=${encodeURIComponent(rison.encode(value as never))}`;
  const execute = (token: string, json: Json) => call('/api/v1/sqllab/execute/', { method: 'POST', token, json });
  /** Polls the caller's own query list until `clientId` is in one of `states`. */
  const waitForState = async (token: string, clientId: string, states: string[], timeoutMs = 30_000) => {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const res = await call(`/api/v1/query/updated_since?${q({ last_updated_ms: 0 })}`, { token });
      const found = (res.body?.result as Json[] | undefined)?.find((x) => x.id === clientId);
      if (found && states.includes(found.state)) return found;
      if (Date.now() > deadline) throw new Error(`query ${clientId} did not reach ${states.join('/')}: ${JSON.stringify(found)}`);
      await new Promise((r) => setTimeout(r, 50));
    }
  };
  return { call, q, execute, waitForState };
}

let counter = 0;
/** Client ids unique across suites of one run. */
export const newClientId = (prefix = 'c') => `${prefix}${Date.now().toString(36)}${(++counter).toString(36)}`.slice(0, 32);
