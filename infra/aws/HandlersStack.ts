// The HTTP API's functions: one per handler module of the route table, plus the authorizer. Apart
// from the routes (ApiStack), because CloudFormation allows 500 resources per stack and the routes
// alone take about 250: each stack stays under 400 with room for more routes and modules.
import { Stack, type StackProps } from 'aws-cdk-lib';
import type { Construct } from 'constructs';
import type { AppFunction } from './AppFunction';
import type { HandlerEntry } from './handlerEntries';
import { handlerFunction } from './handlerFunction';
import type { RealtimeStack } from './RealtimeStack';
import type { StatefulStack } from './StatefulStack';

export interface HandlersStackProps extends StackProps {
  stateful: StatefulStack;
  realtime: RealtimeStack;
  handlers: ReadonlyMap<string, HandlerEntry>;
  /** The modules the HTTP API invokes (routes and authorizer). */
  modules: Iterable<string>;
}

export class HandlersStack extends Stack {
  readonly functions = new Map<string, AppFunction>();

  constructor(scope: Construct, id: string, props: HandlersStackProps) {
    super(scope, id, props);
    const targets = { stateful: props.stateful, webSocketApi: props.realtime.webSocketApi };
    for (const module of props.modules) {
      const handler = props.handlers.get(module);
      if (!handler || this.functions.has(module)) continue; // discoverEntries already warned
      this.functions.set(module, handlerFunction(this, handler, props.realtime.functionContext, targets));
    }
  }
}
