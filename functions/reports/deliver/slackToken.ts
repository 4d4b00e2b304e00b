// The Slack bot token: SLACK_API_TOKEN as is (the local cloud, tests), else read at run time from
// the Secrets Manager secret SLACK_API_TOKEN_SECRET names (AWS: the deploy config's slackTokenSecret),
// so the token is in no template or function configuration. A read is kept for a few minutes per
// container: a rotated token is picked up without a redeploy, and a busy worker does not call
// Secrets Manager per message.
import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';

export const SLACK_TOKEN_ENV = { token: 'SLACK_API_TOKEN', secret: 'SLACK_API_TOKEN_SECRET' } as const;

/** How long a token read from Secrets Manager is reused. */
export const SLACK_TOKEN_CACHE_MS = 5 * 60_000;

export const slackTokenConfigured = (env: NodeJS.ProcessEnv = process.env) => Boolean(env[SLACK_TOKEN_ENV.token] || env[SLACK_TOKEN_ENV.secret]);

let client: SecretsManagerClient | undefined;
let cached: { secretId: string; token: string; readAtMs: number } | undefined;

/** The secret holds the token as plain text, or as JSON with a `token` key (the console's key/value form). */
export function tokenOfSecret(text: string): string {
  const trimmed = text.trim();
  if (trimmed.startsWith('{')) {
    const parsed = JSON.parse(trimmed) as Record<string, unknown>;
    const token = parsed.token ?? parsed[SLACK_TOKEN_ENV.token];
    if (typeof token !== 'string' || !token) throw new Error('the Slack token secret is JSON without a "token" key');
    return token;
  }
  return trimmed;
}

export async function slackToken(env: NodeJS.ProcessEnv = process.env, nowMs = Date.now()): Promise<string> {
  const direct = env[SLACK_TOKEN_ENV.token];
  if (direct) return direct;
  const secretId = env[SLACK_TOKEN_ENV.secret];
  if (!secretId) throw new Error(`Slack is not configured (neither ${SLACK_TOKEN_ENV.token} nor ${SLACK_TOKEN_ENV.secret} is set)`);
  if (cached && cached.secretId === secretId && nowMs - cached.readAtMs < SLACK_TOKEN_CACHE_MS) return cached.token;
  client ??= new SecretsManagerClient({ region: env.AWS_REGION ?? 'us-east-1' });
  const out = await client.send(new GetSecretValueCommand({ SecretId: secretId }));
  if (!out.SecretString) throw new Error(`the Slack token secret ${secretId} has no string value`);
  cached = { secretId, token: tokenOfSecret(out.SecretString), readAtMs: nowMs };
  return cached.token;
}
