// What the monitoring construct watches: its own module, so the alarms' construct (Monitoring.ts) and the
// dashboard (dashboard.ts) share it without importing each other.
import type * as apigwv2 from 'aws-cdk-lib/aws-apigatewayv2';
import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import type * as lambda from 'aws-cdk-lib/aws-lambda';
import type * as sqs from 'aws-cdk-lib/aws-sqs';
import type { QueueDef } from '../../../shared/resources/index';

export interface MonitoringProps {
  httpApi: apigwv2.IHttpApi;
  /** HTTP handler module -> its function (one route group each). */
  httpFunctions: ReadonlyMap<string, lambda.IFunction>;
  /** Queue workers and dead-letter drainers: module -> function. */
  workerFunctions: ReadonlyMap<string, lambda.IFunction>;
  /** The functions the cron rules invoke (the every-minute tick): module -> function. */
  scheduledFunctions: ReadonlyMap<string, lambda.IFunction>;
  /** The WebSocket API's $connect and $disconnect functions: module -> function. */
  webSocketFunctions: ReadonlyMap<string, lambda.IFunction>;
  /** The DynamoDB tables, for throttled requests. */
  tables: Record<string, dynamodb.ITable>;
  queues: Record<string, { queue: sqs.IQueue; dlq: sqs.IQueue; def: QueueDef }>;
}
