// Names, paths and environment of the local cloud. Physical names come from one prefix so the same
// definitions in shared/resources/ can live side by side with other stacks on a shared LocalStack.
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { TABLES, QUEUES, BUCKETS, FUNCTION_ENV, visibilityTimeoutSeconds, type QueueDef } from '../../shared/resources/index';

export const ACCOUNT_ID = '000000000000';
export const REGION_DEFAULT = 'us-east-1';

export interface LocalNames {
  tables: Record<keyof typeof TABLES, string>;
  bucket: string;
  queues: Record<keyof typeof QUEUES, { name: string; dlqName: string }>;
}

export function localNames(prefix: string): LocalNames {
  return {
    tables: Object.fromEntries(Object.keys(TABLES).map((k) => [k, `${prefix}-${k}`])) as LocalNames['tables'],
    bucket: `${prefix}-results`,
    queues: Object.fromEntries(
      Object.keys(QUEUES).map((k) => [k, { name: `${prefix}-${k}`, dlqName: `${prefix}-${k}-dlq` }]),
    ) as LocalNames['queues'],
  };
}

/**
 * The queue's visibility timeout. AWS uses 6x the worker timeout (over an hour for queries), which
 * would make a failed message wait that long locally too; tests and impatient developers shorten it.
 */
export function localVisibilityTimeout(q: QueueDef, env: NodeJS.ProcessEnv = process.env): number {
  const raw = env.LOCAL_VISIBILITY_TIMEOUT_SECONDS;
  const override = raw ? Number(raw) : NaN;
  return Number.isInteger(override) && override >= 0 ? override : visibilityTimeoutSeconds(q);
}

/** The local JWT secret: generated once per data folder so tokens survive restarts. */
export function loadOrCreateSecret(dataDir: string): string {
  const file = join(dataDir, 'secret');
  if (existsSync(file)) {
    const value = readFileSync(file, 'utf8').trim();
    if (value) return value;
  }
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString('base64url');
  writeFileSync(file, secret + '\n', { mode: 0o600 });
  return secret;
}

/**
 * The local key for database passwords (functions/secrets/fileKey.ts): 32 random bytes, created 0600
 * on first start. Losing it loses the saved connections' passwords, as losing the KMS key would.
 */
export function loadOrCreateDatabaseKey(dataDir: string): string {
  const file = join(dataDir, 'database.key');
  if (existsSync(file) && readFileSync(file, 'utf8').trim()) return file;
  mkdirSync(dataDir, { recursive: true });
  writeFileSync(file, randomBytes(32).toString('base64') + '\n', { mode: 0o600, flag: 'wx' });
  return file;
}

export interface FunctionEnvInput {
  endpoint: string;
  callbackUrl: string;
  names: LocalNames;
  queueUrls: Record<keyof typeof QUEUES, string>;
  secret: string;
  /** The key file of database passwords (loadOrCreateDatabaseKey). */
  databaseKeyFile: string;
  examplesPath: string;
  region: string;
  /** The endpoint is the user's (LocalStack, a real account): keep their credentials. */
  external: boolean;
  /** Where the local SES v2 endpoint keeps sent messages (absent when not emulating). */
  outboxDir?: string;
}

/** The environment every handler reads, exactly the variables the CDK stacks give the Lambdas. */
export function functionEnv(input: FunctionEnvInput, current: NodeJS.ProcessEnv = process.env): Record<string, string> {
  const env: Record<string, string> = {
    AWS_REGION: input.region,
    [BUCKETS.results.env]: input.names.bucket,
    [FUNCTION_ENV.wsCallbackUrl]: input.callbackUrl,
    [FUNCTION_ENV.authMode]: 'local',
    [FUNCTION_ENV.localJwtSecret]: input.secret,
    [FUNCTION_ENV.localDatabaseKeyFile]: resolve(input.databaseKeyFile),
    [FUNCTION_ENV.examplesDbPath]: resolve(input.examplesPath),
    [FUNCTION_ENV.reportsWebhookHttpsOnly]: 'false',
  };
  if (input.outboxDir) env[FUNCTION_ENV.localOutboxDir] = input.outboxDir;
  // Against a real account AWS_ENDPOINT_URL stays unset and the caller's credential chain (profile,
  // SSO...) is used untouched; emulators and LocalStack accept any key, but the SDK wants one.
  if (input.endpoint) {
    env.AWS_ENDPOINT_URL = input.endpoint;
    env[FUNCTION_ENV.s3ForcePathStyle] = '1';
    const hasCredentials = Boolean(current.AWS_ACCESS_KEY_ID || current.AWS_PROFILE);
    if (!input.external || !hasCredentials) {
      env.AWS_ACCESS_KEY_ID = 'local';
      env.AWS_SECRET_ACCESS_KEY = 'local';
    }
  }
  for (const [key, def] of Object.entries(TABLES)) env[def.env] = input.names.tables[key as keyof typeof TABLES];
  for (const [key, def] of Object.entries(QUEUES)) env[def.env] = input.queueUrls[key as keyof typeof QUEUES];
  return { ...env, ...powertoolsEnv(current) };
}

/**
 * Powertools locally (functions/observability): logs readable in a terminal and JSON lines when piped,
 * INFO by default; no EMF lines and no tracing unless asked (POWERTOOLS_METRICS_DISABLED=false prints
 * the metrics a deployment would send). Invocations overlap in one process, so Powertools keeps each
 * one's state apart as on a multi-concurrency Lambda (infra/local/lambda.ts runs each in its context).
 */
export function powertoolsEnv(current: NodeJS.ProcessEnv = process.env, isTTY = process.stdout.isTTY === true): Record<string, string> {
  return {
    SQLSCAPE_LOG_FORMAT: current.SQLSCAPE_LOG_FORMAT ?? (isTTY ? 'pretty' : 'json'),
    POWERTOOLS_LOG_LEVEL: current.POWERTOOLS_LOG_LEVEL ?? 'INFO',
    POWERTOOLS_METRICS_DISABLED: current.POWERTOOLS_METRICS_DISABLED ?? 'true',
    POWERTOOLS_TRACE_ENABLED: 'false',
    AWS_LAMBDA_MAX_CONCURRENCY: current.AWS_LAMBDA_MAX_CONCURRENCY ?? '64',
  };
}
