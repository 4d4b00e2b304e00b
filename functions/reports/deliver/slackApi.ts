// The Slack Web API client the reports use: a bot token from configuration (slackToken.ts:
// SLACK_API_TOKEN, or the Secrets Manager secret SLACK_API_TOKEN_SECRET names) and
// SLACK_API_URL to point at another server (tests' receivers). Every method answers {ok, ...}; a
// non-ok answer is an error naming the method and Slack's error code.
import { slackToken, slackTokenConfigured } from './slackToken';

const base = () => (process.env.SLACK_API_URL ?? 'https://slack.com/api').replace(/\/$/, '');

export const slackConfigured = () => slackTokenConfigured();

export async function slackCall(method: string, body: Record<string, unknown>, form = false): Promise<Record<string, unknown>> {
  const token = await slackToken();
  const res = await fetch(`${base()}/${method}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': form ? 'application/x-www-form-urlencoded' : 'application/json; charset=utf-8' },
    body: form ? new URLSearchParams(Object.entries(body).map(([k, v]) => [k, String(v)])).toString() : JSON.stringify(body),
  });
  const out = (await res.json().catch(() => ({ ok: false, error: `HTTP ${res.status}` }))) as Record<string, unknown>;
  if (!res.ok || out.ok !== true) throw new Error(`Slack ${method} failed: ${String(out.error ?? res.status)}`);
  return out;
}
