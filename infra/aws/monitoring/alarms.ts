// The alarms ops teams page on, as data plus one factory each: a dead letter in any queue, the HTTP
// API's 5xx rate, p95 latency per route group (one HTTP handler module = one group of routes), worker,
// scheduler and WebSocket function errors and throttles, a scheduler tick that stopped, throttled
// DynamoDB requests, work waiting too long in a queue, and report runs that ended in Error.
import { Duration } from 'aws-cdk-lib';
import * as cloudwatch from 'aws-cdk-lib/aws-cloudwatch';
import type * as apigwv2 from 'aws-cdk-lib/aws-apigatewayv2';
import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import type * as lambda from 'aws-cdk-lib/aws-lambda';
import type * as sqs from 'aws-cdk-lib/aws-sqs';
import type { Construct } from 'constructs';
import { METRICS, REPORT_ERROR_STATE, type QueueDef } from '../../../shared/resources/index';

export const ALARM_PERIOD = Duration.minutes(5);
/** Percent of HTTP API answers that are 5xx, over two periods in a row. */
export const HTTP_5XX_RATE_PERCENT = 5;
/** A route group whose p95 passes this is slow for people (the HTTP API gives up at 30 s). */
export const ROUTE_P95_THRESHOLD_MS = 10_000;
/** Work waiting longer than two worker runs means the workers are behind or failing. */
export const queueAgeThresholdSeconds = (def: QueueDef) => def.workerTimeoutSeconds * 2;

const common = { evaluationPeriods: 1, treatMissingData: cloudwatch.TreatMissingData.NOT_BREACHING } as const;

/**
 * Messages the queue's dead-letter drainer handled, from the Messages metric it prints
 * (functions/jobs/queueWorker.ts, kind dead-letter). Not the dead-letter queue's depth: the drainer
 * empties it within seconds, so a depth alarm would never see a message.
 */
export const deadLetteredMessages = (queue: string) =>
  new cloudwatch.Metric({
    namespace: METRICS.namespace,
    metricName: METRICS.messages,
    dimensionsMap: { service: METRICS.service, queue, kind: 'dead-letter' },
    period: ALARM_PERIOD,
    statistic: 'Sum',
  });

export function deadLetterAlarm(scope: Construct, id: string, name: string) {
  return deadLetteredMessages(name).createAlarm(scope, id, {
    ...common,
    alarmDescription: `Messages reached the ${name} dead-letter queue: work failed on every attempt (the drainer marked it failed)`,
    threshold: 0,
    comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_THRESHOLD,
  });
}

/** The every-minute tick ran less than once in a period: scheduled reports and queries are not starting. */
export function scheduleStoppedAlarm(scope: Construct, id: string, module: string, fn: lambda.IFunction) {
  return fn.metricInvocations({ period: ALARM_PERIOD, statistic: 'Sum' }).createAlarm(scope, id, {
    evaluationPeriods: 1,
    // No data is exactly the failure watched for: the rule stopped invoking the function.
    treatMissingData: cloudwatch.TreatMissingData.BREACHING,
    alarmDescription: `The ${module} function was not invoked for ${ALARM_PERIOD.toMinutes()} minutes: its EventBridge rule stopped (scheduled reports and queries do not start)`,
    threshold: 1,
    comparisonOperator: cloudwatch.ComparisonOperator.LESS_THAN_THRESHOLD,
  });
}

/** Read and write requests DynamoDB refused for throughput (on-demand tables too: partition limits). */
export function tableThrottles(name: string, table: dynamodb.ITable) {
  const metric = (metricName: string) => table.metric(metricName, { period: ALARM_PERIOD, statistic: 'Sum' });
  // Ids unique per table: the dashboard draws every table's expression in one graph.
  const [reads, writes] = [`reads_${name}`, `writes_${name}`];
  return new cloudwatch.MathExpression({
    expression: `${reads} + ${writes}`,
    usingMetrics: { [reads]: metric('ReadThrottleEvents'), [writes]: metric('WriteThrottleEvents') },
    label: 'throttled requests',
    period: ALARM_PERIOD,
  });
}

export function tableThrottlesAlarm(scope: Construct, id: string, name: string, table: dynamodb.ITable) {
  return tableThrottles(name, table).createAlarm(scope, id, {
    ...common,
    alarmDescription: `DynamoDB throttled requests to the ${name} table (a hot partition or an account limit)`,
    threshold: 0,
    comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_THRESHOLD,
  });
}

export function queueAgeAlarm(scope: Construct, id: string, name: string, queue: sqs.IQueue, def: QueueDef) {
  const threshold = queueAgeThresholdSeconds(def);
  return queue
    .metricApproximateAgeOfOldestMessage({ period: ALARM_PERIOD, statistic: 'Maximum' })
    .createAlarm(scope, id, {
      ...common,
      alarmDescription: `The oldest ${name} message has waited more than ${threshold} s`,
      threshold,
      comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_THRESHOLD,
    });
}

/** 5xx answers as a percent of requests (0 when there were none). */
export function http5xxRate(httpApi: apigwv2.IHttpApi) {
  return new cloudwatch.MathExpression({
    expression: 'IF(requests > 0, 100 * errors / requests, 0)',
    usingMetrics: {
      requests: httpApi.metricCount({ period: ALARM_PERIOD, statistic: 'Sum' }),
      errors: httpApi.metricServerError({ period: ALARM_PERIOD, statistic: 'Sum' }),
    },
    label: 'HTTP API 5xx rate (%)',
    period: ALARM_PERIOD,
  });
}

export function http5xxAlarm(scope: Construct, id: string, httpApi: apigwv2.IHttpApi) {
  return http5xxRate(httpApi).createAlarm(scope, id, {
    ...common,
    evaluationPeriods: 2,
    alarmDescription: `More than ${HTTP_5XX_RATE_PERCENT}% of HTTP API answers were 5xx for ${2 * ALARM_PERIOD.toMinutes()} minutes`,
    threshold: HTTP_5XX_RATE_PERCENT,
    comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_THRESHOLD,
  });
}

/** (A label would turn an alarm's metric into a metric math query: the dashboard adds it.) */
export const p95Duration = (fn: lambda.IFunction) => fn.metricDuration({ period: ALARM_PERIOD, statistic: 'p95' });

export function latencyAlarm(scope: Construct, id: string, module: string, fn: lambda.IFunction) {
  return p95Duration(fn).createAlarm(scope, id, {
    ...common,
    evaluationPeriods: 3,
    alarmDescription: `p95 latency of the ${module} routes above ${ROUTE_P95_THRESHOLD_MS} ms for ${3 * ALARM_PERIOD.toMinutes()} minutes`,
    threshold: ROUTE_P95_THRESHOLD_MS,
    comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_THRESHOLD,
  });
}

export function workerErrorsAlarm(scope: Construct, id: string, module: string, fn: lambda.IFunction, kind = 'worker') {
  return fn.metricErrors({ period: ALARM_PERIOD, statistic: 'Sum' }).createAlarm(scope, id, {
    ...common,
    alarmDescription: `The ${module} ${kind} failed (an invocation error: crash, timeout or out of memory)`,
    threshold: 0,
    comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_THRESHOLD,
  });
}

export function workerThrottlesAlarm(scope: Construct, id: string, module: string, fn: lambda.IFunction, kind = 'worker') {
  return fn.metricThrottles({ period: ALARM_PERIOD, statistic: 'Sum' }).createAlarm(scope, id, {
    ...common,
    alarmDescription: `The ${module} ${kind} was throttled (account or reserved concurrency reached)`,
    threshold: 0,
    comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_THRESHOLD,
  });
}

/** Report and alert runs that ended in a state, from the EMF metric the report worker prints. */
export const reportRuns = (state: string) =>
  new cloudwatch.Metric({
    namespace: METRICS.namespace,
    metricName: METRICS.reportRuns,
    dimensionsMap: { service: METRICS.service, state },
    period: ALARM_PERIOD,
    statistic: 'Sum',
  });

export function reportErrorsAlarm(scope: Construct, id: string) {
  return reportRuns(REPORT_ERROR_STATE).createAlarm(scope, id, {
    ...common,
    alarmDescription: 'A report or alert run ended in Error (see its execution log in the app)',
    threshold: 0,
    comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_THRESHOLD,
  });
}
