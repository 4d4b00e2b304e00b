// Least privilege as data: which AWS resources each handler module may touch. Environment variables
// (resource names) go to every function because getPorts() wires all ports at once; permissions do
// not. A module missing here gets DEFAULT_ACCESS, and synth names it so its owner can add a row.
import { Stack } from 'aws-cdk-lib';
import * as iam from 'aws-cdk-lib/aws-iam';
import type * as s3 from 'aws-cdk-lib/aws-s3';
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
  | 'cognitoAuth'
  /** Cognito user administration (the users admin keeps the pool's users and groups in step). */
  | 'cognitoAdmin'
  /** Amazon SES v2 SendEmail (report and alert emails). */
  | 'sendEmail';

export const MODULE_ACCESS: Record<string, readonly Capability[]> = {
  health: [],
  sqllabForm: [],
  security: ['cognitoAuth', 'mainRead'],
  securityAdmin: ['mainRead', 'mainWrite', 'cognitoAdmin'],
  me: ['mainRead'],
  kv: ['mainRead', 'mainWrite'],
  eventLog: ['mainWrite'],
  asyncEvents: ['mainRead', 'mainWrite'],
  sqllab: ['mainRead', 'mainWrite', 'resultsRead', 'resultsWrite', 'enqueue'],
  queries: ['mainRead', 'mainWrite', 'resultsRead'],
  tabState: ['mainRead', 'mainWrite'],
  tableSchema: ['mainRead', 'mainWrite'],
  savedQueries: ['mainRead', 'mainWrite'],
  annotationLayers: ['mainRead', 'mainWrite'],
  rowLevelSecurity: ['mainRead', 'mainWrite'],
  databases: ['mainRead', 'mainWrite'],
  assets: ['mainRead', 'mainWrite'],
  session: ['cognitoAuth', 'mainRead', 'mainWrite'],
  httpAuthorizer: [],
  datasets: ['mainRead', 'mainWrite'],
  charts: ['mainRead', 'mainWrite'],
  chartData: ['mainRead', 'mainWrite', 'resultsRead', 'resultsWrite', 'enqueue'],
  chartDataWorker: ['mainRead', 'mainWrite', 'resultsRead', 'resultsWrite', 'push'],
  chartDataDeadLetter: ['mainRead', 'mainWrite', 'push'],
  explore: ['mainRead', 'mainWrite'],
  wsConnect: ['connections', 'mainWrite'],
  wsDisconnect: ['connections'],
  queryWorker: ['mainRead', 'mainWrite', 'resultsRead', 'resultsWrite', 'push'],
  queryDeadLetter: ['mainRead', 'mainWrite', 'resultsWrite', 'push'],
  datasourceMetadata: ['mainRead', 'mainWrite'],
  scheduler: ['mainRead', 'mainWrite', 'enqueue'],
  reports: ['mainRead', 'mainWrite'],
  tags: ['mainRead', 'mainWrite'],
  reportWorker: ['mainRead', 'mainWrite', 'resultsRead', 'resultsWrite', 'sendEmail'],
  reportDeadLetter: ['mainRead', 'mainWrite'],
  dashboardScreenshot: ['mainRead', 'mainWrite', 'resultsRead', 'resultsWrite'],
};

export const DEFAULT_ACCESS: readonly Capability[] = ['mainRead', 'mainWrite', 'resultsRead'];

export const accessOf = (module: string): readonly Capability[] => MODULE_ACCESS[module] ?? DEFAULT_ACCESS;

export interface AccessTargets {
  stateful: StatefulStack;
  /** Present once the WebSocket API exists; `push` needs it. */
  webSocketApi?: WebSocketApi;
}

/** What the function's bundle loads, from bundler.ts. */
export interface EngineUse {
  duckdb: boolean;
  athena: boolean;
  athenaPolicyArn?: string;
  /** Seals database passwords: a data key from the passwords key. */
  sealsPasswords?: boolean;
  /** Opens stored database passwords: Decrypt with the passwords key. */
  revealsPasswords?: boolean;
}

/**
 * Grants a function its module's capabilities, plus what its engines need: DuckDB functions read
 * the examples bucket (the examples database is copied from there on cold start), Athena functions
 * run queries and read the Glue catalog, functions that save connections get data keys from the
 * passwords key and functions that connect may decrypt with it (both seen in their bundle).
 */
export function grantAccess(fn: IFunction, module: string, targets: AccessTargets, engines: EngineUse) {
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
        grantObjects(fn, stateful.resultsBucket, ['s3:GetObject']);
        break;
      case 'resultsWrite':
        grantObjects(fn, stateful.resultsBucket, ['s3:PutObject', 's3:DeleteObject']);
        break;
      case 'enqueue':
        for (const q of Object.values(stateful.queues)) q.queue.grantSendMessages(fn);
        break;
      case 'push':
        if (!webSocketApi) throw new Error(`${module} pushes to WebSocket clients but no WebSocket API was given`);
        stateful.tables.connections.grantReadWriteData(fn);
        webSocketApi.grantManageConnections(fn);
        break;
      case 'sendEmail':
        fn.addToRolePolicy(
          new iam.PolicyStatement({
            actions: ['ses:SendEmail', 'ses:SendRawEmail'],
            resources: [Stack.of(fn).formatArn({ service: 'ses', resource: 'identity', resourceName: '*' })],
          }),
        );
        break;
      case 'cognitoAuth':
        fn.addToRolePolicy(
          new iam.PolicyStatement({
            actions: ['cognito-idp:InitiateAuth'],
            resources: [stateful.auth.userPool.userPoolArn],
          }),
        );
        break;
      case 'cognitoAdmin':
        fn.addToRolePolicy(
          new iam.PolicyStatement({
            actions: [
              'cognito-idp:AdminCreateUser',
              'cognito-idp:AdminSetUserPassword',
              'cognito-idp:AdminUpdateUserAttributes',
              'cognito-idp:AdminAddUserToGroup',
              'cognito-idp:AdminRemoveUserFromGroup',
              'cognito-idp:AdminEnableUser',
              'cognito-idp:AdminDisableUser',
              'cognito-idp:AdminDeleteUser',
              'cognito-idp:CreateGroup',
            ],
            resources: [stateful.auth.userPool.userPoolArn],
          }),
        );
        break;
    }
  }
  if (engines.duckdb) grantObjects(fn, stateful.examplesBucket, ['s3:GetObject']);
  if (engines.sealsPasswords) stateful.databaseKey.grant(fn, 'kms:GenerateDataKey');
  if (engines.revealsPasswords) stateful.databaseKey.grantDecrypt(fn);
  if (engines.athena) grantAthena(fn, engines.athenaPolicyArn);
}

/**
 * Exactly these object actions on any key of the bucket (no s3:*Object* action families, as grantRead
 * and grantPut give), plus ListBucket on the bucket itself so a missing key answers 404, not 403.
 */
function grantObjects(fn: IFunction, bucket: s3.IBucket, actions: string[]) {
  fn.addToRolePolicy(new iam.PolicyStatement({ actions, resources: [bucket.arnForObjects('*')] }));
  fn.addToRolePolicy(new iam.PolicyStatement({ actions: ['s3:ListBucket'], resources: [bucket.bucketArn] }));
}

function grantAthena(fn: IFunction, policyArn: string | undefined) {
  const stack = Stack.of(fn);
  const arn = (service: string, resource: string) => stack.formatArn({ service, resource, resourceName: '*' });
  fn.addToRolePolicy(
    new iam.PolicyStatement({
      actions: [
        'athena:StartQueryExecution',
        'athena:GetQueryExecution',
        'athena:GetQueryResults',
        'athena:StopQueryExecution',
        'athena:GetWorkGroup',
        'athena:ListDataCatalogs',
        'athena:ListDatabases',
        'athena:ListTableMetadata',
        'athena:GetTableMetadata',
      ],
      resources: [arn('athena', 'workgroup'), arn('athena', 'datacatalog')],
    }),
  );
  fn.addToRolePolicy(
    new iam.PolicyStatement({
      actions: ['glue:GetDatabase', 'glue:GetDatabases', 'glue:GetTable', 'glue:GetTables', 'glue:GetPartitions'],
      resources: [stack.formatArn({ service: 'glue', resource: 'catalog' }), arn('glue', 'database'), arn('glue', 'table')],
    }),
  );
  if (policyArn && fn.role) fn.role.addManagedPolicy(iam.ManagedPolicy.fromManagedPolicyArn(fn, 'AthenaDataPolicy', policyArn));
}

/** Modules deployed with DEFAULT_ACCESS, for the synth warning. */
export const modulesWithoutAccessRow = (modules: Iterable<string>) => [...modules].filter((m) => !(m in MODULE_ACCESS));
