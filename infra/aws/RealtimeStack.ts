// The WebSocket API that pushes "your query is done" events. $connect stores the connection (the
// handler checks the token), $disconnect removes it; other functions post through the management
// API at WS_CALLBACK_URL.
import { CfnOutput, Stack, Validations, type StackProps } from 'aws-cdk-lib';
import * as apigwv2 from 'aws-cdk-lib/aws-apigatewayv2';
import { WebSocketLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import type { Construct } from 'constructs';
import type { AppFunction, FunctionContext } from './AppFunction';
import { functionEnvironment, webSocketCallbackUrl } from './environment';
import type { HandlerEntry } from './handlerEntries';
import { handlerFunction } from './handlerFunction';
import { logStageAccess } from './accessLogs';
import { WEBSOCKET_HANDLERS } from '../../shared/resources/index';
import type { StatefulStack } from './StatefulStack';

export const WEBSOCKET_STAGE = 'live';

export interface RealtimeStackProps extends StackProps {
  stateful: StatefulStack;
  /** Context without the environment, which this stack completes with the callback URL. */
  context: Omit<FunctionContext, 'environment'>;
  /** Feature flags over the defaults (deploy config featureFlags): every function gets them. */
  featureFlags?: Record<string, boolean>;
  /**
   * Log the stage's connections (deploy config webSocketAccessLogs). WebSocket stages log through the
   * region's API Gateway CloudWatch role, an account-wide setting this app does not own: the operator
   * sets it once (infra/aws/README.md) and then turns this on.
   */
  accessLogs?: boolean;
  handlers: ReadonlyMap<string, HandlerEntry>;
}

export class RealtimeStack extends Stack {
  readonly webSocketApi: apigwv2.WebSocketApi;
  readonly callbackUrl: string;
  /** The function context every later stack uses: the full environment. */
  readonly functionContext: FunctionContext;
  /** $connect and $disconnect: module -> function. */
  readonly functions = new Map<string, AppFunction>();

  constructor(scope: Construct, id: string, props: RealtimeStackProps) {
    super(scope, id, props);
    this.webSocketApi = new apigwv2.WebSocketApi(this, 'WebSocketApi', {
      description: 'sqlscape push events (query done, chart data ready)',
    });
    this.callbackUrl = webSocketCallbackUrl(this.webSocketApi.apiId, WEBSOCKET_STAGE);
    this.functionContext = { ...props.context, environment: functionEnvironment(props.stateful, this.callbackUrl, props.context.webappUrl, props.featureFlags) };

    const targets = { stateful: props.stateful, webSocketApi: this.webSocketApi };
    const routes = { $connect: WEBSOCKET_HANDLERS.connect, $disconnect: WEBSOCKET_HANDLERS.disconnect };
    for (const [routeKey, module] of Object.entries(routes)) {
      const handler = props.handlers.get(module);
      if (!handler) continue; // discoverEntries already warned
      const fn = handlerFunction(this, handler, this.functionContext, targets);
      this.functions.set(module, fn);
      const route = this.webSocketApi.addRoute(routeKey, { integration: new WebSocketLambdaIntegration(`${module}Integration`, fn.fn) });
      Validations.of(route).acknowledge({
        id: 'AwsSolutions-APIG4',
        reason:
          routeKey === '$connect'
            ? 'Browsers cannot set headers on a WebSocket: $connect consumes the single-use 30-second ticket (POST /api/v1/async_event/ticket/) passed in the query string in the function (wsConnect) and refuses the connection without a live one'
            : '$disconnect carries no credentials (API Gateway calls it when a connection closes); it only forgets that connection',
      });
    }
    const stage = new apigwv2.WebSocketStage(this, 'Stage', { webSocketApi: this.webSocketApi, stageName: WEBSOCKET_STAGE, autoDeploy: true });
    if (props.accessLogs) {
      // One JSON access-log line per connect, disconnect and message (AwsSolutions-APIG1).
      logStageAccess(stage, this, 'WebSocketAccessLogs', { eventType: '$context.eventType', connectionId: '$context.connectionId' });
    } else {
      Validations.of(stage).acknowledge({
        id: 'AwsSolutions-APIG1',
        reason:
          "WebSocket stage logs need the region's API Gateway CloudWatch role, an account-wide setting this app must not own (destroying the app would leave it pointing at a deleted role); the operator sets it once and deploys with webSocketAccessLogs (infra/aws/README.md). The functions log every connect and disconnect meanwhile",
      });
    }

    new CfnOutput(this, 'WebSocketUrl', { value: stage.url });
    new CfnOutput(this, 'WebSocketCallbackUrl', { value: this.callbackUrl });
  }
}
