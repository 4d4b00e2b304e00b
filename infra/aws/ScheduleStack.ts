// EventBridge cron rules from SCHEDULES, each invoking its handler module (infra/local fires the
// same rules locally).
import { Duration, Stack, type StackProps } from 'aws-cdk-lib';
import * as events from 'aws-cdk-lib/aws-events';
import * as targets from 'aws-cdk-lib/aws-events-targets';
import type { Construct } from 'constructs';
import type { AppFunction } from './AppFunction';
import type { HandlerEntry } from './handlerEntries';
import { handlerFunction } from './handlerFunction';
import type { RealtimeStack } from './RealtimeStack';
import { SCHEDULES } from '../../shared/resources/index';
import { pascal, type StatefulStack } from './StatefulStack';

/** A run that takes longer than the cron period would overlap the next one. */
const SCHEDULED_TIMEOUT = Duration.seconds(55);

export interface ScheduleStackProps extends StackProps {
  stateful: StatefulStack;
  realtime: RealtimeStack;
  handlers: ReadonlyMap<string, HandlerEntry>;
}

export class ScheduleStack extends Stack {
  /** The functions the rules invoke: module -> function. */
  readonly functions = new Map<string, AppFunction>();

  constructor(scope: Construct, id: string, props: ScheduleStackProps) {
    super(scope, id, props);
    const functions = this.functions;
    for (const [key, def] of Object.entries(SCHEDULES)) {
      const handler = props.handlers.get(def.handler);
      if (!handler) continue; // discoverEntries already warned
      let fn = functions.get(def.handler);
      if (!fn) {
        fn = handlerFunction(this, handler, props.realtime.functionContext, { stateful: props.stateful, webSocketApi: props.realtime.webSocketApi }, { timeout: SCHEDULED_TIMEOUT });
        functions.set(def.handler, fn);
      }
      new events.Rule(this, `${pascal(key)}Rule`, {
        description: def.description,
        schedule: events.Schedule.expression(def.cron),
        // A missed minute is not worth a retry storm; the next tick picks up whatever is due.
        targets: [new targets.LambdaFunction(fn.fn, { retryAttempts: 0 })],
      });
    }
  }
}
