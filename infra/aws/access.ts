// Role policies from the access table (accessTable.ts): each grant's actions on the ARNs its resource
// kinds have in these stacks. Environment variables (resource names) go to every function because
// getPorts() wires all ports at once; permissions do not.
import { Stack } from 'aws-cdk-lib';
import * as iam from 'aws-cdk-lib/aws-iam';
import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import type { WebSocketApi } from 'aws-cdk-lib/aws-apigatewayv2';
import { TABLES, type TableName } from '../../shared/resources/index';
import { grantsOf, type EngineUse, type ResourceKind } from './accessTable';
import type { StatefulStack } from './StatefulStack';


export interface AccessTargets {
  stateful: StatefulStack;
  /** Present once the WebSocket API exists; `push` needs it. */
  webSocketApi?: WebSocketApi;
  /** The report sender (deploy config reportsEmailFrom): `sendEmail` may use no other From address. */
  reportsEmailFrom?: string;
  /** ARN of the Slack token's secret (deploy config slackTokenSecret), for `slackToken`. */
  slackTokenSecretArn?: string;
}

/** What the function's bundle loads (bundler.ts), and the deployment's Athena data policy. */
export interface FunctionEngines extends EngineUse {
  athenaPolicyArn?: string;
}

/** Grants a function every statement of its module's access (accessTable.ts grantsOf). */
export function grantAccess(fn: IFunction, module: string, targets: AccessTargets, engines: FunctionEngines) {
  for (const grant of grantsOf(module, engines)) {
    const resources = grant.resources.flatMap((kind) => arnsOf(kind, targets, Stack.of(fn), module));
    // A grant on a resource this deployment does not have (no Slack token secret) is left out.
    if (resources.length === 0) continue;
    const sends = grant.actions.some((action) => action.startsWith('ses:'));
    const conditions = sends && targets.reportsEmailFrom ? { StringEquals: { 'ses:FromAddress': targets.reportsEmailFrom } } : undefined;
    fn.addToRolePolicy(new iam.PolicyStatement({ actions: [...grant.actions], resources, conditions }));
  }
  if (engines.athena && engines.athenaPolicyArn && fn.role) {
    fn.role.addManagedPolicy(iam.ManagedPolicy.fromManagedPolicyArn(fn, 'AthenaDataPolicy', engines.athenaPolicyArn));
  }
}

/** A table and, when it has indexes, any of them (DynamoDB names an index only under <table>/index/<name>). */
const tableArns = (table: dynamodb.ITable, name: TableName) =>
  TABLES[name].indexes.length > 0 ? [table.tableArn, `${table.tableArn}/index/*`] : [table.tableArn];

/** The ARNs a resource kind names in these stacks (`stack`: the function's, for account-wide ARNs). */
function arnsOf(kind: ResourceKind, { stateful, webSocketApi, slackTokenSecretArn }: AccessTargets, stack: Stack, module: string): string[] {
  const wildcard = (service: string, resource: string) => stack.formatArn({ service, resource, resourceName: '*' });
  switch (kind) {
    case 'mainTable':
      return tableArns(stateful.tables.main, 'main');
    case 'connectionsTable':
      return tableArns(stateful.tables.connections, 'connections');
    case 'resultsBucket':
      return [stateful.resultsBucket.bucketArn];
    case 'resultsObjects':
      return [stateful.resultsBucket.arnForObjects('*')];
    case 'examplesBucket':
      return [stateful.examplesBucket.bucketArn];
    case 'examplesObjects':
      return [stateful.examplesBucket.arnForObjects('*')];
    case 'queues':
      return Object.values(stateful.queues).map((q) => q.queue.queueArn);
    case 'webSocketConnections':
      if (!webSocketApi) throw new Error(`${module} pushes to WebSocket clients but no WebSocket API was given`);
      return [`${Stack.of(webSocketApi).formatArn({ service: 'execute-api', resource: webSocketApi.apiId })}/*/*/@connections/*`];
    case 'emailIdentities':
      return [wildcard('ses', 'identity')];
    case 'userPool':
      return [stateful.auth.userPool.userPoolArn];
    case 'databaseKey':
      return [stateful.databaseKey.keyArn];
    case 'athenaCatalog':
      return [wildcard('athena', 'workgroup'), wildcard('athena', 'datacatalog')];
    case 'slackTokenSecret':
      return slackTokenSecretArn ? [slackTokenSecretArn] : [];
    case 'glueCatalog':
      return [stack.formatArn({ service: 'glue', resource: 'catalog' }), wildcard('glue', 'database'), wildcard('glue', 'table')];
  }
}
