// Superset's CVE-2023-27524: deployments that kept the shipped SECRET_KEY let anyone forge sessions.
// Here a token signing secret is never defaulted: the local cloud generates one per data folder
// (infra/local/config.ts), and a function running in Lambda refuses to start (throws at cold start,
// from the handler stack) when its mode's secret is missing, short or a well-known default.
import { FUNCTION_ENV } from '../../../shared/resources/index';

/** Secrets copied from docs and sample configs (Superset's, Flask's, ours): never accepted. */
const KNOWN_DEFAULTS = new Set([
  'thisismyscretkey', '\\2\\1thisismyscretkey\\1\\2\\e\\y\\y\\h', 'change_me_to_a_complex_random_secret', 'changeme', 'change-me',
  'secret', 'secret_key', 'supersecret', 'your_secret_key', 'test', 'dev', 'sqlscape', 'local-secret', 'please-change-me',
]);

export const MIN_SECRET_LENGTH = 16;

/** Why this secret may not sign tokens, or null when it may. */
export function weakSecretReason(secret: string | undefined): string | null {
  if (!secret) return 'missing';
  if (KNOWN_DEFAULTS.has(secret.trim().toLowerCase())) return 'a well-known default';
  if (secret.length < MIN_SECRET_LENGTH) return `shorter than ${MIN_SECRET_LENGTH} characters`;
  if (new Set(secret).size < 6) return 'too repetitive';
  return null;
}

/** Throws when a Lambda function would run with a missing or default signing configuration. */
export function assertSigningConfigured(env: NodeJS.ProcessEnv = process.env): void {
  if (!env.AWS_LAMBDA_FUNCTION_NAME) return; // the local cloud and tests bring their own secret
  const mode = env[FUNCTION_ENV.authMode] || 'local';
  if (mode === 'cognito') {
    for (const name of [FUNCTION_ENV.cognitoUserPoolId, FUNCTION_ENV.cognitoClientId]) {
      if (!env[name]) throw new Error(`Refusing to start: ${name} is missing (AUTH_MODE=cognito)`);
    }
    return;
  }
  const reason = weakSecretReason(env[FUNCTION_ENV.localJwtSecret]);
  if (reason) throw new Error(`Refusing to start: ${FUNCTION_ENV.localJwtSecret} is ${reason}; set a random secret of at least 32 characters`);
}
