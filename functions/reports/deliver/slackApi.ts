// The Slack Web API client the reports use: a bot token from configuration (SLACK_API_TOKEN) and
// SLACK_API_URL to point at another server (tests' receivers). Every method answers {ok, ...}; a
// non-ok answer is an error naming the method and Slack's error code.
const base = () => (process.env.SLACK_API_URL ?? 'https://slack.com/api').replace(/\/$/, '');

export const slackConfigured = () => Boolean(process.env.SLACK_API_TOKEN);

const token = () => {
  const t = process.env.SLACK_API_TOKEN;
  if (!t) throw new Error('Slack is not configured (SLACK_API_TOKEN is not set)');
  return t;
};

export async function slackCall(method: string, body: Record<string, unknown>, form = false): Promise<Record<string, unknown>> {
  const res = await fetch(`${base()}/${method}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token()}`, 'content-type': form ? 'application/x-www-form-urlencoded' : 'application/json; charset=utf-8' },
    body: form ? new URLSearchParams(Object.entries(body).map(([k, v]) => [k, String(v)])).toString() : JSON.stringify(body),
  });
  const out = (await res.json().catch(() => ({ ok: false, error: `HTTP ${res.status}` }))) as Record<string, unknown>;
  if (!res.ok || out.ok !== true) throw new Error(`Slack ${method} failed: ${String(out.error ?? res.status)}`);
  return out;
}
