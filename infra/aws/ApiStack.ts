// The HTTP API: routes from the route table, each invoking its module's function (HandlersStack), with
// the Lambda authorizer (Bearer token or session cookie) on every non-public route; stage throttling;
// and the deployment's alarms and dashboard (monitoring/), which watch every stack's functions.
import { CfnOutput, Stack, Validations, type StackProps } from 'aws-cdk-lib';
import * as apigwv2 from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import type { Construct } from 'constructs';
import { routes } from '../../shared/routes/index';
import { logStageAccess } from './accessLogs';
import { sessionOrTokenAuthorizer } from './authorizer';
import { HTTP_AUTHORIZER_MODULE } from './handlerEntries';
import type { HandlersStack } from './HandlersStack';
import { apiRoutes } from './httpRoutes';
import { Monitoring } from './monitoring/Monitoring';
import type { RealtimeStack } from './RealtimeStack';
import type { ScheduleStack } from './ScheduleStack';
import type { StatefulStack } from './StatefulStack';
import type { WorkersStack } from './WorkersStack';

/**
 * Requests per second the stage accepts across all routes, and the burst above it; past them API
 * Gateway answers 429. A 50-chart dashboard opened by 20 people at once is ~1,000 requests in a few
 * seconds, so the burst holds that; the rate is well under the account's regional 10,000.
 */
export const API_THROTTLE = { rateLimit: 500, burstLimit: 1000 } as const;

export interface ApiStackProps extends StackProps {
  stateful: StatefulStack;
  realtime: RealtimeStack;
  handlersStack: HandlersStack;
  workers: WorkersStack;
  schedule: ScheduleStack;
}

export class ApiStack extends Stack {
  readonly httpApi: apigwv2.HttpApi;
  readonly monitoring: Monitoring;

  constructor(scope: Construct, id: string, props: ApiStackProps) {
    super(scope, id, props);
    const { stateful, realtime, handlersStack } = props;
    const fnOf = (module: string) => handlersStack.functions.get(module)?.fn;

    this.httpApi = new apigwv2.HttpApi(this, 'HttpApi', { description: 'sqlscape REST API (Superset-compatible paths)' });
    const authorizerFn = fnOf(HTTP_AUTHORIZER_MODULE);
    if (!authorizerFn) throw new Error(`functions/handlers/${HTTP_AUTHORIZER_MODULE}.ts is missing`);
    const authorizer = sessionOrTokenAuthorizer(authorizerFn);
    const integrations = new Map<string, HttpLambdaIntegration>();
    for (const route of apiRoutes(routes)) {
      const fn = fnOf(route.module);
      if (!fn) continue; // discoverEntries already warned
      let integration = integrations.get(route.module);
      if (!integration) {
        // One invoke permission per function for the whole API, not one per route: with ~150 routes,
        // per-route permissions alone would take the stack past CloudFormation's 500 resources.
        integration = new HttpLambdaIntegration(`${route.module}Integration`, fn, { scopePermissionToRoute: false });
        integrations.set(route.module, integration);
      }
      const added = this.httpApi.addRoutes({
        path: route.path,
        methods: [route.method as apigwv2.HttpMethod],
        integration,
        authorizer: route.public ? undefined : authorizer,
      });
      for (const r of route.public ? added : []) {
        Validations.of(r).acknowledge({
          id: 'AwsSolutions-APIG4',
          reason: `${route.method} ${route.path} is public by design (route table: public): health, login and token refresh come before any token; the beacon log and the SQL Lab form post authenticate in the function (session cookie and CSRF token)`,
        });
      }
    }
    const stage = this.httpApi.defaultStage!;
    // One JSON access-log line per request (AwsSolutions-APIG1).
    logStageAccess(stage, this, 'HttpApiAccessLogs');
    (stage.node.defaultChild as apigwv2.CfnStage).defaultRouteSettings = {
      throttlingRateLimit: API_THROTTLE.rateLimit,
      throttlingBurstLimit: API_THROTTLE.burstLimit,
    };

    const functionsOf = (stack: { functions: ReadonlyMap<string, { fn: AppFunctionFn }> }) => new Map([...stack.functions].map(([module, f]) => [module, f.fn]));
    this.monitoring = new Monitoring(this, 'Monitoring', {
      httpApi: this.httpApi,
      httpFunctions: functionsOf(handlersStack),
      workerFunctions: functionsOf(props.workers),
      scheduledFunctions: functionsOf(props.schedule),
      webSocketFunctions: functionsOf(realtime),
      tables: stateful.tables,
      queues: stateful.queues,
    });

    new CfnOutput(this, 'ApiUrl', { value: this.httpApi.apiEndpoint });
  }
}

type AppFunctionFn = import('./AppFunction').AppFunction['fn'];
