// Least privilege as data: which AWS resources each handler module may touch. Environment variables
// (resource names) go to every function because getPorts() wires all ports at once; permissions do
// not. A module missing here gets DEFAULT_ACCESS, and synth names it so its owner can add a row.
import * as iam from 'aws-cdk-lib/aws-iam';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import type { WebSocketApi } from 'aws-cdk-lib/aws-apigatewayv2';
import type { StatefulStack } from './StatefulStack';

export type Capability =
  | 'mainRead'
  | 'mainWrite'
  /** The connections table (WebSocket $connect/$disconnect). */
  | 'connections'
  | 'resultsRead'
  | 'resultsWrite'
  /** Send to the async queues. */
  | 'enqueue'
  /** Post to users' WebSocket connections: connections table plus execute-api:ManageConnections. */
  | 'push'
  /** Cognito InitiateAuth against the app client (login, refresh). */
  | 'cognitoAuth';

export const MODULE_ACCESS: Record<string, readonly Capability[]> = {
  health: [],
  security: ['cognitoAuth', 'mainRead'],
  me: ['mainRead'],
  kv: ['mainRead', 'mainWrite'],
  eventLog: ['mainWrite'],
  asyncEvents: ['mainRead', 'mainWrite'],
  sqllab: ['mainRead', 'mainWrite', 'resultsRead', 'resultsWrite', 'enqueue'],
  queries: ['mainRead', 'mainWrite', 'resultsRead'],
  tabState: ['mainRead', 'mainWrite'],
  tableSchema: ['mainRead', 'mainWrite'],
  savedQueries: ['mainRead', 'mainWrite'],
  databases: ['mainRead', 'mainWrite'],
  datasets: ['mainRead', 'mainWrite'],
  wsConnect: ['connections'],
  wsDisconnect: ['connections'],
  queryWorker: ['mainRead', 'mainWrite', 'resultsRead', 'resultsWrite', 'push'],
  queryDeadLetter: ['mainRead', 'mainWrite', 'push'],
  scheduler: ['mainRead', 'mainWrite', 'enqueue'],
};

export const DEFAULT_ACCESS: readonly Capability[] = ['mainRead', 'mainWrite', 'resultsRead'];

export const accessOf = (module: string): readonly Capability[] => MODULE_ACCESS[module] ?? DEFAULT_ACCESS;

export interface AccessTargets {
  stateful: StatefulStack;
  /** Present once the WebSocket API exists; `push` needs it. */
  webSocketApi?: WebSocketApi;
}

/**
 * Grants a function its module's capabilities. Functions that load DuckDB also read the examples
 * bucket, since the examples database is copied from there on cold start.
 */
export function grantAccess(fn: IFunction, module: string, targets: AccessTargets, usesDuckdb: boolean) {
  const { stateful, webSocketApi } = targets;
  const main = stateful.tables.main;
  for (const capability of accessOf(module)) {
    switch (capability) {
      case 'mainRead':
        main.grantReadData(fn);
        break;
      case 'mainWrite':
        main.grantWriteData(fn);
        break;
      case 'connections':
        stateful.tables.connections.grantReadWriteData(fn);
        break;
      case 'resultsRead':
        stateful.resultsBucket.grantRead(fn);
        break;
      case 'resultsWrite':
        stateful.resultsBucket.grantPut(fn);
        stateful.resultsBucket.grantDelete(fn);
        break;
      case 'enqueue':
        for (const q of Object.values(stateful.queues)) q.queue.grantSendMessages(fn);
        break;
      case 'push':
        if (!webSocketApi) throw new Error(`${module} pushes to WebSocket clients but no WebSocket API was given`);
        stateful.tables.connections.grantReadWriteData(fn);
        webSocketApi.grantManageConnections(fn);
        break;
      case 'cognitoAuth':
        fn.addToRolePolicy(
          new iam.PolicyStatement({
            actions: ['cognito-idp:InitiateAuth'],
            resources: [stateful.auth.userPool.userPoolArn],
          }),
        );
        break;
    }
  }
  if (usesDuckdb) stateful.examplesBucket.grantRead(fn);
}

/** Modules deployed with DEFAULT_ACCESS, for the synth warning. */
export const modulesWithoutAccessRow = (modules: Iterable<string>) => [...modules].filter((m) => !(m in MODULE_ACCESS));
