// Alarms, their SNS topic with the optional email parameter, and the operations dashboard, read from
// the synthesized API stack.
import { Match, type Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { HTTP_5XX_RATE_PERCENT, queueAgeThresholdSeconds, ROUTE_P95_THRESHOLD_MS } from '../../infra/aws/monitoring/alarms';
import { METRICS, QUEUES, SCHEDULES, TABLES, WEBSOCKET_HANDLERS } from '../../shared/resources/index';
import { handlerModules } from '../../shared/routes/index';
import { functionIdOf, importedId } from './synthApp';
import { synthesized } from './synthesized';

let api: Template;
let stateful: Template;
let handlers: Template;
let workers: Template;
let schedule: Template;
let realtime: Template;

beforeAll(async () => {
  ({ api, stateful, handlers, workers, schedule, realtime } = (await synthesized('app')).templates);
});

type Props = Record<string, any>;
const alarms = () => Object.values(api.findResources('AWS::CloudWatch::Alarm')).map((a) => a.Properties as Props);
const topicId = () => {
  const ids = Object.keys(api.findResources('AWS::SNS::Topic'));
  expect(ids).toHaveLength(1);
  return ids[0];
};

/** The stateful stack's logical id of the queue behind an import in the API stack. */
function importedQueueId(value: { 'Fn::ImportValue': string }): string {
  const outputs = stateful.toJSON().Outputs as Record<string, { Value: any; Export?: { Name: string } }>;
  const output = Object.values(outputs).find((o) => o.Export?.Name === value['Fn::ImportValue']);
  if (!output) throw new Error(`no export ${value['Fn::ImportValue']}`);
  return output.Value['Fn::GetAtt']?.[0] ?? output.Value.Ref;
}

const queueAlarms = (metricName: string) =>
  alarms()
    .filter((a) => a.Namespace === 'AWS/SQS' && a.MetricName === metricName)
    .map((a) => ({ alarm: a, queueId: importedQueueId(a.Dimensions[0].Value) }));

describe('alarm notifications', () => {
  it('go to one SNS topic that only accepts TLS, subscribed by email only when the AlarmEmail parameter is set', () => {
    const id = topicId();
    expect(api.toJSON().Parameters.AlarmEmail).toMatchObject({ Type: 'String', Default: '' });
    api.hasResource('AWS::SNS::Subscription', {
      Condition: Match.stringLikeRegexp('HasAlarmEmail'),
      Properties: { Protocol: 'email', Endpoint: { Ref: 'AlarmEmail' }, TopicArn: { Ref: id } },
    });
    const conditions = api.toJSON().Conditions as Record<string, any>;
    const [condition] = Object.entries(conditions).filter(([k]) => k.includes('HasAlarmEmail'));
    expect(condition[1]).toEqual({ 'Fn::Not': [{ 'Fn::Equals': [{ Ref: 'AlarmEmail' }, ''] }] });
    api.hasResourceProperties('AWS::SNS::TopicPolicy', {
      PolicyDocument: { Statement: Match.arrayWith([Match.objectLike({ Effect: 'Deny', Condition: { Bool: { 'aws:SecureTransport': 'false' } } })]) },
    });
  });

  it('are sent by every alarm, on alarm and back to OK', () => {
    const id = topicId();
    expect(alarms().length).toBeGreaterThan(0);
    for (const a of alarms()) {
      expect(a.AlarmActions, a.AlarmDescription).toEqual([{ Ref: id }]);
      expect(a.OKActions, a.AlarmDescription).toEqual([{ Ref: id }]);
      // Missing data is normal (no traffic), except for the scheduler tick, where it is the failure.
      expect(a.TreatMissingData, a.AlarmDescription).toBe(a.MetricName === 'Invocations' ? 'breaching' : 'notBreaching');
    }
  });
});

describe('alarms', () => {
  it('fire on any message that reached a dead-letter queue, from the count its drainer records (the drainer empties the queue at once, so its depth never shows one)', () => {
    expect(queueAlarms('ApproximateNumberOfMessagesVisible')).toEqual([]);
    for (const name of Object.keys(QUEUES)) {
      api.hasResourceProperties('AWS::CloudWatch::Alarm', {
        Namespace: METRICS.namespace,
        MetricName: METRICS.messages,
        Dimensions: Match.arrayWith([
          { Name: 'kind', Value: 'dead-letter' },
          { Name: 'queue', Value: name },
          { Name: 'service', Value: METRICS.service },
        ]),
        Statistic: 'Sum',
        Threshold: 0,
        ComparisonOperator: 'GreaterThanThreshold',
      });
    }
  });

  it('fire when the scheduler fails, is throttled or stops being invoked, and when a WebSocket function fails or is throttled', () => {
    const modules = [...new Set(Object.values(SCHEDULES).map((s) => s.handler))];
    expect(modules.length).toBeGreaterThan(0);
    const lambdaAlarms = (metric: string) => alarms().filter((a) => a.Namespace === 'AWS/Lambda' && a.MetricName === metric);
    for (const module of modules) {
      const id = functionIdOf(schedule, module);
      for (const metric of ['Errors', 'Throttles']) {
        expect(lambdaAlarms(metric).filter((a) => importedId(schedule, a.Dimensions[0].Value) === id), `${module} ${metric}`).toHaveLength(1);
      }
      const [stopped] = lambdaAlarms('Invocations').filter((a) => importedId(schedule, a.Dimensions[0].Value) === id);
      expect(stopped).toMatchObject({ Threshold: 1, ComparisonOperator: 'LessThanThreshold', TreatMissingData: 'breaching', Statistic: 'Sum' });
    }
    for (const module of Object.values(WEBSOCKET_HANDLERS)) {
      const id = functionIdOf(realtime, module);
      for (const metric of ['Errors', 'Throttles']) {
        expect(lambdaAlarms(metric).filter((a) => importedId(realtime, a.Dimensions[0].Value) === id), `${module} ${metric}`).toHaveLength(1);
      }
    }
  });

  it('fire when DynamoDB throttles reads or writes of any table', () => {
    const throttles = alarms().filter((a) => a.Metrics?.some((m: Props) => m.MetricStat?.Metric.MetricName === 'ReadThrottleEvents'));
    expect(throttles).toHaveLength(Object.keys(TABLES).length);
    for (const a of throttles) {
      expect(a.Threshold).toBe(0);
      const names = a.Metrics.filter((m: Props) => m.MetricStat).map((m: Props) => m.MetricStat.Metric.MetricName).sort();
      expect(names).toEqual(['ReadThrottleEvents', 'WriteThrottleEvents']);
    }
  });

  it('fire when the oldest message of a queue waits longer than two worker runs', () => {
    const found = queueAlarms('ApproximateAgeOfOldestMessage');
    expect(found).toHaveLength(Object.keys(QUEUES).length);
    for (const [name, def] of Object.entries(QUEUES)) {
      const prefix = name.charAt(0).toUpperCase() + name.slice(1);
      const match = found.filter((f) => f.queueId.startsWith(`${prefix}Queue`));
      expect(match, name).toHaveLength(1);
      expect(match[0].alarm.Threshold).toBe(queueAgeThresholdSeconds(def));
    }
  });

  it('watch the HTTP API 5xx rate as a percent of requests', () => {
    const [alarm] = alarms().filter((a) => a.Metrics?.some((m: Props) => m.Expression?.includes('errors / requests')));
    expect(alarm).toBeDefined();
    expect(alarm.Threshold).toBe(HTTP_5XX_RATE_PERCENT);
    const names = alarm.Metrics.filter((m: Props) => m.MetricStat).map((m: Props) => [m.Id, m.MetricStat.Metric.Namespace, m.MetricStat.Metric.MetricName]);
    expect(names).toEqual(expect.arrayContaining([['requests', 'AWS/ApiGateway', 'Count'], ['errors', 'AWS/ApiGateway', '5xx']]));
  });

  it('watch p95 latency of every route group (HTTP handler module)', () => {
    const latency = alarms().filter((a) => a.MetricName === 'Duration' && a.ExtendedStatistic === 'p95');
    for (const module of handlerModules) {
      const id = functionIdOf(handlers, module);
      const match = latency.filter((a) => importedId(handlers, a.Dimensions[0].Value) === id);
      expect(match, module).toHaveLength(1);
      expect(match[0].Threshold).toBe(ROUTE_P95_THRESHOLD_MS);
    }
  });

  it('fire on any error or throttle of each worker and dead-letter drainer', () => {
    const workerModules = Object.values(QUEUES).flatMap((q) => [q.worker, q.deadLetterWorker]);
    for (const metric of ['Errors', 'Throttles']) {
      const found = alarms().filter((a) => a.Namespace === 'AWS/Lambda' && a.MetricName === metric);
      for (const module of workerModules) {
        const id = functionIdOf(workers, module);
        const match = found.filter((a) => importedId(workers, a.Dimensions[0].Value) === id);
        expect(match, `${module} ${metric}`).toHaveLength(1);
        expect(match[0]).toMatchObject({ Threshold: 0, ComparisonOperator: 'GreaterThanThreshold', Statistic: 'Sum' });
      }
    }
  });

  it('fire on a report run in Error, from the metric the report worker emits', () => {
    api.hasResourceProperties('AWS::CloudWatch::Alarm', {
      Namespace: METRICS.namespace,
      MetricName: METRICS.reportRuns,
      Dimensions: Match.arrayWith([{ Name: 'service', Value: METRICS.service }, { Name: 'state', Value: 'Error' }]),
      Statistic: 'Sum',
      Threshold: 0,
      ComparisonOperator: 'GreaterThanThreshold',
    });
  });
});

describe('dashboard', () => {
  it('is one dashboard with the alarms’ metrics and every alarm’s state', () => {
    const dashboards = Object.values(api.findResources('AWS::CloudWatch::Dashboard'));
    expect(dashboards).toHaveLength(1);
    // The body is an Fn::Join of literal JSON and tokens; the literal parts name the widgets and metrics.
    const body = JSON.stringify(dashboards[0].Properties.DashboardBody);
    for (const title of [
      'HTTP API 5xx rate (%)',
      'p95 latency by route group (ms)',
      'Worker errors',
      'Worker throttles',
      'Age of oldest message (s)',
      'Dead-lettered messages (drained)',
      'DynamoDB throttled requests',
      'Report and alert runs by state',
      'Alarms',
    ]) {
      expect(body, title).toContain(title);
    }
    for (const metric of ['5xx', 'ApproximateAgeOfOldestMessage', METRICS.messages, 'ReadThrottleEvents', 'Throttles', METRICS.reportRuns]) expect(body, metric).toContain(metric);
    for (const module of handlerModules) expect(body, module).toContain(functionIdOf(handlers, module));
    // The alarm status widget lists every alarm by its ARN.
    for (const id of Object.keys(api.findResources('AWS::CloudWatch::Alarm'))) expect(body, id).toContain(`"${id}","Arn"`);
  });
});
