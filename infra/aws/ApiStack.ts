// The HTTP API and its Lambdas: one function per handler module, routes from the route table with
// the Lambda authorizer (Bearer token or session cookie) on every non-public route, and the SQS workers with their dead-letter
// drainers, and their alarms and dashboard (monitoring/).
import { CfnOutput, Duration, Stack, Validations, type StackProps } from 'aws-cdk-lib';
import * as apigwv2 from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpLambdaAuthorizer, HttpLambdaResponseType } from 'aws-cdk-lib/aws-apigatewayv2-authorizers';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import { SqsEventSource } from 'aws-cdk-lib/aws-lambda-event-sources';
import type { Construct } from 'constructs';
import { routes } from '../../shared/routes/index';
import type { AppFunction, FunctionContext } from './AppFunction';
import { HTTP_AUTHORIZER_MODULE, type HandlerEntry } from './handlerEntries';
import { handlerFunction } from './handlerFunction';
import { apiRoutes } from './httpRoutes';
import { logStageAccess } from './accessLogs';
import { Monitoring } from './monitoring/Monitoring';
import type { RealtimeStack } from './RealtimeStack';
import { DEAD_LETTER_WORKER_TIMEOUT_SECONDS, type StatefulStack } from './StatefulStack';

/** Dead-lettered messages are few; a batch keeps the drainer cheap, partial failures keep it exact. */
const DEAD_LETTER_BATCH_SIZE = 10;
const WORKER_MEMORY_MB = 2048;

export interface ApiStackProps extends StackProps {
  stateful: StatefulStack;
  realtime: RealtimeStack;
  handlers: ReadonlyMap<string, HandlerEntry>;
}

export class ApiStack extends Stack {
  readonly httpApi: apigwv2.HttpApi;
  readonly functions = new Map<string, AppFunction>();
  readonly monitoring: Monitoring;

  constructor(scope: Construct, id: string, props: ApiStackProps) {
    super(scope, id, props);
    const { stateful, realtime, handlers } = props;
    const context: FunctionContext = realtime.functionContext;
    const targets = { stateful, webSocketApi: realtime.webSocketApi };
    const fnFor = (handler: HandlerEntry, options?: Parameters<typeof handlerFunction>[4]) => {
      let fn = this.functions.get(handler.module);
      if (!fn) {
        fn = handlerFunction(this, handler, context, targets, options);
        this.functions.set(handler.module, fn);
      }
      return fn;
    };

    this.httpApi = new apigwv2.HttpApi(this, 'HttpApi', { description: 'sqlscape REST API (Superset-compatible paths)' });
    // A Lambda authorizer rather than the JWT one: it accepts the Bearer token or the session cookie
    // of a form login (functions/handlers/httpAuthorizer.ts). No identity source (the credential is in
    // either place), which API Gateway allows only without result caching.
    const authorizerEntry = handlers.get(HTTP_AUTHORIZER_MODULE);
    if (!authorizerEntry) throw new Error(`functions/handlers/${HTTP_AUTHORIZER_MODULE}.ts is missing`);
    const authorizer = new HttpLambdaAuthorizer('SessionOrTokenAuthorizer', fnFor(authorizerEntry).fn, {
      authorizerName: 'session-or-token',
      responseTypes: [HttpLambdaResponseType.SIMPLE],
      identitySource: [],
      resultsCacheTtl: Duration.seconds(0),
    });
    const integrations = new Map<string, HttpLambdaIntegration>();
    for (const route of apiRoutes(routes)) {
      const handler = handlers.get(route.module);
      if (!handler) continue; // discoverEntries already warned
      let integration = integrations.get(route.module);
      if (!integration) {
        // One invoke permission per function for the whole API, not one per route: with ~150 routes,
        // per-route permissions alone would take the stack past CloudFormation's 500 resources.
        integration = new HttpLambdaIntegration(`${route.module}Integration`, fnFor(handler).fn, { scopePermissionToRoute: false });
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
    // One JSON access-log line per request (AwsSolutions-APIG1).
    logStageAccess(this.httpApi.defaultStage!, this, 'HttpApiAccessLogs');

    const httpFunctions = new Map([...this.functions].map(([module, fn]) => [module, fn.fn]));
    const workerFunctions = new Map<string, AppFunction['fn']>();
    for (const { queue, dlq, def } of Object.values(stateful.queues)) {
      const worker = handlers.get(def.worker);
      if (worker) {
        const fn = fnFor(worker, { timeout: Duration.seconds(def.workerTimeoutSeconds), memorySize: WORKER_MEMORY_MB });
        fn.fn.addEventSource(new SqsEventSource(queue, { batchSize: def.batchSize, reportBatchItemFailures: true }));
        workerFunctions.set(worker.module, fn.fn);
      }
      const drainer = 'deadLetterWorker' in def && def.deadLetterWorker ? handlers.get(def.deadLetterWorker) : undefined;
      if (drainer) {
        const fn = fnFor(drainer, { timeout: Duration.seconds(DEAD_LETTER_WORKER_TIMEOUT_SECONDS) });
        fn.fn.addEventSource(new SqsEventSource(dlq, { batchSize: DEAD_LETTER_BATCH_SIZE, reportBatchItemFailures: true }));
        workerFunctions.set(drainer.module, fn.fn);
      }
    }

    this.monitoring = new Monitoring(this, 'Monitoring', { httpApi: this.httpApi, httpFunctions, workerFunctions, queues: stateful.queues });

    new CfnOutput(this, 'ApiUrl', { value: this.httpApi.apiEndpoint });
  }
}
