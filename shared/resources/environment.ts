// Buckets, the functions' environment variables and the other plain facts infra/aws, infra/local and
// functions/ports agree on.

/** Timeout of the functions behind the HTTP API, whose integrations give up at 30 s (infra/local uses it too). */
export const API_FUNCTION_TIMEOUT_SECONDS = 29;

export const BUCKETS = {
  results: { env: 'RESULTS_BUCKET', expirationDays: 7 },
} as const;

/** Non-HTTP handler modules and what invokes them. */
export const WEBSOCKET_HANDLERS = { connect: 'wsConnect', disconnect: 'wsDisconnect' } as const;

/** Environment variables the functions read, besides the table, queue and bucket ones. */
export const FUNCTION_ENV = {
  wsCallbackUrl: 'WS_CALLBACK_URL',
  authMode: 'AUTH_MODE',
  localJwtSecret: 'LOCAL_JWT_SECRET',
  /** Seconds failed logins count against a username or IP (default 300; tests shorten it). */
  loginThrottleWindowSeconds: 'LOGIN_THROTTLE_WINDOW_SECONDS',
  cognitoUserPoolId: 'COGNITO_USER_POOL_ID',
  cognitoClientId: 'COGNITO_CLIENT_ID',
  examplesDbPath: 'EXAMPLES_DB_PATH',
  s3ForcePathStyle: 'S3_FORCE_PATH_STYLE',
  /** Bucket and key of the examples DuckDB file in AWS; a function copies it to EXAMPLES_DB_PATH on cold start. */
  examplesS3Bucket: 'EXAMPLES_S3_BUCKET',
  examplesS3Key: 'EXAMPLES_S3_KEY',
  /** JSON object of feature flags over the defaults in shared/featureFlags.ts, e.g. {"GLOBAL_ASYNC_QUERIES":true}. */
  featureFlags: 'FEATURE_FLAGS',
  /** 'false' lets report webhooks post to plain http URLs (the local cloud's test receivers). */
  reportsWebhookHttpsOnly: 'REPORTS_WEBHOOK_HTTPS_ONLY',
  /** The local SES v2 endpoint's message folder (local cloud only): the Admin outbox page reads it. */
  localOutboxDir: 'LOCAL_OUTBOX_DIR',
  /** The KMS key that wraps the data keys of stored database passwords (AWS; functions/secrets). */
  databaseKmsKeyId: 'DATABASE_KMS_KEY_ID',
  /** The local cloud's key file for database passwords, used when no KMS key is named. */
  localDatabaseKeyFile: 'LOCAL_DATABASE_KEY_FILE',
  /** The app's address as its users reach it, for the links in report emails, Slack and webhooks (Superset's WEBDRIVER_BASEURL_USER_FRIENDLY); the local cloud sets its own. */
  webappUrl: 'WEBAPP_URL',
  /** Bytes up to which a dashboard download is the function's answer (default: what fits in 6 MB); larger files go by presigned link. Tests lower it. */
  screenshotInlineMaxBytes: 'SCREENSHOT_INLINE_MAX_BYTES',
} as const;

/** Environment variables of the PostgreSQL engine's pools (functions/engines/postgresql/connect.ts; infra/aws sets them). */
export const POOL_ENV = {
  /** Connections one pool may open at once (default 10). */
  max: 'PG_POOL_MAX',
  /** Milliseconds an idle connection is kept (default 30000). */
  idleMs: 'PG_POOL_IDLE_MS',
  /** The sslmode a URI without sslmode (or ssl) gets, e.g. verify-full (default: none, pg's plain connection). */
  defaultSslMode: 'PG_DEFAULT_SSLMODE',
} as const;

/**
 * The examples DuckDB database. `npm start` builds `localFile`; `cdk deploy` uploads it to its own
 * bucket (not the results bucket, whose lifecycle rule would expire it) under `s3Key`, and functions
 * fetch it to `lambdaPath` (/tmp is the only writable place in Lambda).
 */
export const EXAMPLES = {
  localFile: '.data/examples.duckdb',
  s3Key: 'examples/examples.duckdb',
  lambdaPath: '/tmp/examples.duckdb',
} as const;
