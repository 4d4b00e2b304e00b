// The one CloudWatch dashboard of a deployment: HTTP API health, latency per route group, workers,
// queues, report runs, and every alarm's state.
import { Duration, Stack } from 'aws-cdk-lib';
import * as cloudwatch from 'aws-cdk-lib/aws-cloudwatch';
import type { Construct } from 'constructs';
import type { MonitoringProps } from './props';
import { ALARM_PERIOD, deadLetteredMessages, http5xxRate, p95Duration, reportRuns, ROUTE_P95_THRESHOLD_MS, tableThrottles } from './alarms';

/** The states a run ends in (functions/reports/execute.ts). */
const REPORT_STATES = ['Success', 'Error', 'Not triggered', 'On Grace'];

export function operationsDashboard(scope: Construct, id: string, props: MonitoringProps & { alarms: cloudwatch.IAlarm[] }) {
  const { httpApi, httpFunctions, workerFunctions, queues } = props;
  const graph = (title: string, left: cloudwatch.IMetric[], extra: Partial<cloudwatch.GraphWidgetProps> = {}) =>
    new cloudwatch.GraphWidget({ title, left, width: 12, height: 6, period: ALARM_PERIOD, ...extra });
  const workers = [...workerFunctions];
  const queueList = Object.entries(queues);
  const sum = { period: ALARM_PERIOD, statistic: 'Sum' } as const;
  const max = { period: ALARM_PERIOD, statistic: 'Maximum' } as const;

  const dashboard = new cloudwatch.Dashboard(scope, id, {
    dashboardName: `${Stack.of(scope).stackName}-operations`,
    defaultInterval: Duration.hours(3),
  });
  dashboard.addWidgets(
    graph('HTTP API 5xx rate (%)', [http5xxRate(httpApi)]),
    graph('HTTP API requests, 4xx, 5xx', [
      httpApi.metricCount({ ...sum, label: 'requests' }),
      httpApi.metricClientError({ ...sum, label: '4xx' }),
      httpApi.metricServerError({ ...sum, label: '5xx' }),
    ]),
  );
  dashboard.addWidgets(
    graph('p95 latency by route group (ms)', [...httpFunctions].map(([module, fn]) => p95Duration(fn).with({ label: module })), {
      width: 24,
      leftAnnotations: [{ value: ROUTE_P95_THRESHOLD_MS, label: 'alarm' }],
    }),
  );
  dashboard.addWidgets(
    graph('Worker errors', workers.map(([module, fn]) => fn.metricErrors({ ...sum, label: module }))),
    graph('Worker throttles', workers.map(([module, fn]) => fn.metricThrottles({ ...sum, label: module }))),
  );
  dashboard.addWidgets(
    graph('Age of oldest message (s)', queueList.map(([name, q]) => q.queue.metricApproximateAgeOfOldestMessage({ ...max, label: name }))),
    graph('Dead-lettered messages (drained)', queueList.map(([name]) => deadLetteredMessages(name).with({ label: name }))),
  );
  dashboard.addWidgets(
    graph('DynamoDB throttled requests', Object.entries(props.tables).map(([name, table]) => tableThrottles(name, table).with({ label: name }))),
    graph('Scheduled and WebSocket function errors', [...props.scheduledFunctions, ...props.webSocketFunctions].map(([module, fn]) => fn.metricErrors({ ...sum, label: module }))),
  );
  dashboard.addWidgets(
    graph('Report and alert runs by state', REPORT_STATES.map((state) => reportRuns(state).with({ label: state }))),
    new cloudwatch.AlarmStatusWidget({ title: 'Alarms', alarms: props.alarms, width: 12, height: 6 }),
  );
  return dashboard;
}
