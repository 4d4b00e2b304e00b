// The environment every function gets: the names functions/ports/index.ts wires its ports from.
// getPorts() reads all of them at once, so each function receives the full set; access.ts decides
// what each function may actually do with them.
import { Aws } from 'aws-cdk-lib';
import { BUCKETS, EXAMPLES, FUNCTION_ENV, POOL_ENV, QUEUES, TABLES, type QueueName, type TableName } from '../../shared/resources/index';
import { METRICS } from '../../shared/resources/metrics';
import type { StatefulStack } from './StatefulStack';

/**
 * Powertools in Lambda (functions/observability): service and namespace as the alarms expect, INFO
 * logs with DEBUG for a sampled tenth of invocations, metrics and traces on.
 */
export const POWERTOOLS_ENV = {
  POWERTOOLS_SERVICE_NAME: METRICS.service,
  POWERTOOLS_METRICS_NAMESPACE: METRICS.namespace,
  POWERTOOLS_LOG_LEVEL: 'INFO',
  POWERTOOLS_LOGGER_SAMPLE_RATE: '0.1',
  SQLSCAPE_LOG_FORMAT: 'json',
} as const;

/**
 * Database connections from Lambda: a container serves one request at a time, so a pool keeps at most
 * two connections and closes them after a second idle (a frozen container holds none for long), and a
 * URI without sslmode gets verify-full against Node's CAs plus Amazon RDS's (the Lambda runtime ships
 * them in /var/runtime/ca-cert.pem but loads them only when NODE_EXTRA_CA_CERTS names the file).
 */
export const DATABASE_ENV = {
  [POOL_ENV.max]: '2',
  [POOL_ENV.idleMs]: '1000',
  [POOL_ENV.defaultSslMode]: 'verify-full',
  NODE_EXTRA_CA_CERTS: '/var/runtime/ca-cert.pem',
} as const;

/**
 * @param webappUrl where users open the app (the links in report emails, Slack and webhooks); without
 * it functions fall back to Superset's http://localhost:8088 and synth warns (SqlscapeApp.ts).
 */
export function functionEnvironment(
  stateful: StatefulStack,
  webSocketCallbackUrl: string,
  webappUrl?: string,
  featureFlags?: Record<string, boolean>,
): Record<string, string> {
  const env: Record<string, string> = {
    [BUCKETS.results.env]: stateful.resultsBucket.bucketName,
    [FUNCTION_ENV.wsCallbackUrl]: webSocketCallbackUrl,
    [FUNCTION_ENV.authMode]: 'cognito',
    [FUNCTION_ENV.cognitoUserPoolId]: stateful.auth.userPool.userPoolId,
    [FUNCTION_ENV.cognitoClientId]: stateful.auth.client.userPoolClientId,
    [FUNCTION_ENV.examplesDbPath]: EXAMPLES.lambdaPath,
    [FUNCTION_ENV.examplesS3Bucket]: stateful.examplesBucket.bucketName,
    [FUNCTION_ENV.examplesS3Key]: EXAMPLES.s3Key,
    [FUNCTION_ENV.databaseKmsKeyId]: stateful.databaseKey.keyArn,
  };
  if (webappUrl) env[FUNCTION_ENV.webappUrl] = webappUrl;
  if (featureFlags && Object.keys(featureFlags).length > 0) env[FUNCTION_ENV.featureFlags] = JSON.stringify(featureFlags);
  Object.assign(env, POWERTOOLS_ENV, DATABASE_ENV);
  for (const [key, def] of Object.entries(TABLES)) env[def.env] = stateful.tables[key as TableName].tableName;
  for (const [key, def] of Object.entries(QUEUES)) env[def.env] = stateful.queues[key as QueueName].queue.queueUrl;
  return env;
}

/** The management API endpoint of a WebSocket stage, built from parts so no resource depends on the stage. */
export const webSocketCallbackUrl = (apiId: string, stageName: string) =>
  `https://${apiId}.execute-api.${Aws.REGION}.${Aws.URL_SUFFIX}/${stageName}`;
