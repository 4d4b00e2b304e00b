// Alarms, their SNS topic and the operations dashboard of a deployment. The topic's email subscription
// comes from the stack parameter AlarmEmail (optional: empty means no subscription; subscribe the
// topic to a pager or chat integration instead). `cdk deploy SqlscapeApi --parameters
// SqlscapeApi:AlarmEmail=ops@example.com`; AWS then mails a confirmation link to that address.
import { CfnCondition, CfnOutput, CfnParameter, Fn, Stack } from 'aws-cdk-lib';
import type * as cloudwatch from 'aws-cdk-lib/aws-cloudwatch';
import { SnsAction } from 'aws-cdk-lib/aws-cloudwatch-actions';
import * as sns from 'aws-cdk-lib/aws-sns';
import { Construct } from 'constructs';
import { pascal } from '../StatefulStack';
import {
  deadLetterAlarm,
  http5xxAlarm,
  latencyAlarm,
  queueAgeAlarm,
  reportErrorsAlarm,
  scheduleStoppedAlarm,
  tableThrottlesAlarm,
  workerErrorsAlarm,
  workerThrottlesAlarm,
} from './alarms';
import { operationsDashboard } from './dashboard';
import type { MonitoringProps } from './props';

export type { MonitoringProps };

export class Monitoring extends Construct {
  readonly topic: sns.Topic;
  readonly alarms: cloudwatch.Alarm[] = [];
  readonly dashboard: cloudwatch.Dashboard;

  constructor(scope: Construct, id: string, props: MonitoringProps) {
    super(scope, id);
    const email = new CfnParameter(Stack.of(this), 'AlarmEmail', {
      type: 'String',
      default: '',
      description: 'Email address that receives the alarm notifications (empty: none)',
    });
    this.topic = new sns.Topic(this, 'AlarmTopic', { displayName: 'sqlscape alarms', enforceSSL: true });
    const hasEmail = new CfnCondition(this, 'HasAlarmEmail', { expression: Fn.conditionNot(Fn.conditionEquals(email.valueAsString, '')) });
    const subscription = new sns.CfnSubscription(this, 'AlarmEmailSubscription', { protocol: 'email', endpoint: email.valueAsString, topicArn: this.topic.topicArn });
    subscription.cfnOptions.condition = hasEmail;

    const add = (alarm: cloudwatch.Alarm) => {
      alarm.addAlarmAction(new SnsAction(this.topic));
      alarm.addOkAction(new SnsAction(this.topic));
      this.alarms.push(alarm);
      return alarm;
    };
    for (const [name, { queue, def }] of Object.entries(props.queues)) {
      add(deadLetterAlarm(this, `${pascal(name)}DeadLetterAlarm`, name));
      add(queueAgeAlarm(this, `${pascal(name)}QueueAgeAlarm`, name, queue, def));
    }
    add(http5xxAlarm(this, 'Http5xxRateAlarm', props.httpApi));
    for (const [module, fn] of props.httpFunctions) add(latencyAlarm(this, `${pascal(module)}LatencyP95Alarm`, module, fn));
    for (const [module, fn] of props.workerFunctions) {
      add(workerErrorsAlarm(this, `${pascal(module)}ErrorsAlarm`, module, fn));
      add(workerThrottlesAlarm(this, `${pascal(module)}ThrottlesAlarm`, module, fn));
    }
    for (const [module, fn] of props.scheduledFunctions) {
      add(workerErrorsAlarm(this, `${pascal(module)}ErrorsAlarm`, module, fn, 'scheduled function'));
      add(workerThrottlesAlarm(this, `${pascal(module)}ThrottlesAlarm`, module, fn, 'scheduled function'));
      add(scheduleStoppedAlarm(this, `${pascal(module)}StoppedAlarm`, module, fn));
    }
    for (const [module, fn] of props.webSocketFunctions) {
      add(workerErrorsAlarm(this, `${pascal(module)}ErrorsAlarm`, module, fn, 'WebSocket function'));
      add(workerThrottlesAlarm(this, `${pascal(module)}ThrottlesAlarm`, module, fn, 'WebSocket function'));
    }
    for (const [name, table] of Object.entries(props.tables)) add(tableThrottlesAlarm(this, `${pascal(name)}TableThrottlesAlarm`, name, table));
    add(reportErrorsAlarm(this, 'ReportRunErrorsAlarm'));

    this.dashboard = operationsDashboard(this, 'Dashboard', { ...props, alarms: this.alarms });
    // Printed by `npm run deploy` (infra/aws/deploy/plan.ts).
    new CfnOutput(Stack.of(this), 'AlarmTopicArn', { value: this.topic.topicArn });
    new CfnOutput(Stack.of(this), 'DashboardName', { value: this.dashboard.dashboardName });
  }
}
