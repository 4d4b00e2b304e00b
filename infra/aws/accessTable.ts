// Least privilege as plain data: which IAM actions, on which kinds of resource, each handler module's
// role holds. infra/aws/access.ts turns it into role policies (resource kinds become the stack's ARNs);
// infra/local/iam enforces the very same grants on every AWS call a function makes locally (resource
// kinds become the local cloud's table, bucket and queue names). No CDK here, so the local cloud can
// read it without loading aws-cdk-lib.

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
  /** Amazon SES v2 SendEmail (report and alert emails), from the configured sender only when there is one. */
  | 'sendEmail'
  /** secretsmanager:GetSecretValue on the Slack token's secret, when one is configured. */
  | 'slackToken';

/** The resources a grant names, by kind; each world maps a kind to its own ARNs or names. */
export type ResourceKind =
  /** The main table and its indexes. */
  | 'mainTable'
  /** The WebSocket connections table and its indexes. */
  | 'connectionsTable'
  /** The results bucket itself (ListBucket) and any object key in it. */
  | 'resultsBucket'
  | 'resultsObjects'
  /** The bucket the examples DuckDB file is copied from on a cold start. */
  | 'examplesBucket'
  | 'examplesObjects'
  /** The work queues of shared/resources/queues.ts (not their dead-letter queues). */
  | 'queues'
  /** @connections of the app's WebSocket API. */
  | 'webSocketConnections'
  /** SES sending identities. */
  | 'emailIdentities'
  | 'userPool'
  /** The KMS key that wraps database passwords' data keys. */
  | 'databaseKey'
  | 'athenaCatalog'
  | 'glueCatalog'
  /** The Secrets Manager secret holding the Slack token (deploy config slackTokenSecret); none locally. */
  | 'slackTokenSecret';

export interface Grant {
  actions: readonly string[];
  resources: readonly ResourceKind[];
}

// The DynamoDB actions of CDK's grantReadData / grantWriteData, so a role reads as before.
export const DYNAMODB_READ = [
  'dynamodb:BatchGetItem',
  'dynamodb:GetRecords',
  'dynamodb:GetShardIterator',
  'dynamodb:Query',
  'dynamodb:GetItem',
  'dynamodb:Scan',
  'dynamodb:ConditionCheckItem',
  'dynamodb:DescribeTable',
] as const;
export const DYNAMODB_WRITE = ['dynamodb:BatchWriteItem', 'dynamodb:PutItem', 'dynamodb:UpdateItem', 'dynamodb:DeleteItem', 'dynamodb:DescribeTable'] as const;

/** ListBucket on the bucket itself, so a missing key answers 404, not 403. */
const listBucket = (bucket: ResourceKind): Grant => ({ actions: ['s3:ListBucket'], resources: [bucket] });

export const CAPABILITY_GRANTS: Record<Capability, readonly Grant[]> = {
  mainRead: [{ actions: DYNAMODB_READ, resources: ['mainTable'] }],
  mainWrite: [{ actions: DYNAMODB_WRITE, resources: ['mainTable'] }],
  connections: [{ actions: [...DYNAMODB_READ, ...DYNAMODB_WRITE], resources: ['connectionsTable'] }],
  // Exactly these object actions on any key (no s3:*Object* families, as CDK's grantRead/grantPut give).
  resultsRead: [{ actions: ['s3:GetObject'], resources: ['resultsObjects'] }, listBucket('resultsBucket')],
  resultsWrite: [{ actions: ['s3:PutObject', 's3:DeleteObject'], resources: ['resultsObjects'] }, listBucket('resultsBucket')],
  enqueue: [{ actions: ['sqs:SendMessage', 'sqs:GetQueueAttributes', 'sqs:GetQueueUrl'], resources: ['queues'] }],
  push: [
    { actions: [...DYNAMODB_READ, ...DYNAMODB_WRITE], resources: ['connectionsTable'] },
    { actions: ['execute-api:ManageConnections'], resources: ['webSocketConnections'] },
  ],
  sendEmail: [{ actions: ['ses:SendEmail', 'ses:SendRawEmail'], resources: ['emailIdentities'] }],
  slackToken: [{ actions: ['secretsmanager:GetSecretValue'], resources: ['slackTokenSecret'] }],
  cognitoAuth: [{ actions: ['cognito-idp:InitiateAuth'], resources: ['userPool'] }],
  cognitoAdmin: [
    {
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
      resources: ['userPool'],
    },
  ],
};

export type ModuleAccess = Record<string, readonly Capability[]>;

export const MODULE_ACCESS: ModuleAccess = {
  health: [],
  sqllabForm: [],
  // Login reads users and records failed logins (the throttle's items: PutItem, BatchWriteItem to clear them).
  security: ['cognitoAuth', 'mainRead', 'mainWrite'],
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
  // $connect uses up the single-use ticket the browser got (a conditional delete on the main table).
  wsConnect: ['connections', 'mainWrite'],
  wsDisconnect: ['connections'],
  queryWorker: ['mainRead', 'mainWrite', 'resultsRead', 'resultsWrite', 'push'],
  queryDeadLetter: ['mainRead', 'mainWrite', 'resultsWrite', 'push'],
  datasourceMetadata: ['mainRead', 'mainWrite'],
  // Scheduled saved queries whose SQL does not fit an item keep it in the results bucket (queries/largeSql.ts).
  scheduler: ['mainRead', 'mainWrite', 'resultsWrite', 'enqueue'],
  reports: ['mainRead', 'mainWrite', 'slackToken'],
  tags: ['mainRead', 'mainWrite'],
  reportWorker: ['mainRead', 'mainWrite', 'resultsRead', 'resultsWrite', 'sendEmail', 'slackToken'],
  reportDeadLetter: ['mainRead', 'mainWrite'],
  dashboardScreenshot: ['mainRead', 'mainWrite', 'resultsRead', 'resultsWrite'],
};

/** A module missing from MODULE_ACCESS gets these, and synth names it so its owner can add a row. */
export const DEFAULT_ACCESS: readonly Capability[] = ['mainRead', 'mainWrite', 'resultsRead'];

export const accessOf = (module: string, table: ModuleAccess = MODULE_ACCESS): readonly Capability[] => table[module] ?? DEFAULT_ACCESS;

/** What the function's bundle loads (infra/aws/bundler.ts reads it from esbuild's metafile). */
export interface EngineUse {
  duckdb: boolean;
  athena: boolean;
  /** Seals database passwords: a data key from the passwords key. */
  sealsPasswords?: boolean;
  /** Opens stored database passwords: Decrypt with the passwords key. */
  revealsPasswords?: boolean;
}

export const NO_ENGINES: EngineUse = { duckdb: false, athena: false };

/**
 * What a function's engines need: DuckDB functions read the examples bucket (the examples database is
 * copied from there on cold start), Athena functions run queries and read the Glue catalog, functions
 * that save connections get data keys from the passwords key and functions that connect may decrypt
 * with it. (Athena's data access is a deployment's managed policy, outside this table.)
 */
export function engineGrants(engines: EngineUse): Grant[] {
  const grants: Grant[] = [];
  if (engines.duckdb) grants.push({ actions: ['s3:GetObject'], resources: ['examplesObjects'] }, listBucket('examplesBucket'));
  if (engines.sealsPasswords) grants.push({ actions: ['kms:GenerateDataKey'], resources: ['databaseKey'] });
  if (engines.revealsPasswords) grants.push({ actions: ['kms:Decrypt'], resources: ['databaseKey'] });
  if (engines.athena) {
    grants.push(
      {
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
        resources: ['athenaCatalog'],
      },
      { actions: ['glue:GetDatabase', 'glue:GetDatabases', 'glue:GetTable', 'glue:GetTables', 'glue:GetPartitions'], resources: ['glueCatalog'] },
    );
  }
  return grants;
}

/** Every grant of a module's role: its capabilities', then its engines'. */
export const grantsOf = (module: string, engines: EngineUse = NO_ENGINES, table: ModuleAccess = MODULE_ACCESS): Grant[] => [
  ...accessOf(module, table).flatMap((c) => CAPABILITY_GRANTS[c]),
  ...engineGrants(engines),
];

/** Whether `grants` allow `action` on a resource of `kind`. */
export const allows = (grants: readonly Grant[], action: string, kind: ResourceKind) =>
  grants.some((g) => g.resources.includes(kind) && g.actions.includes(action));

/** Modules deployed with DEFAULT_ACCESS, for the synth warning. */
export const modulesWithoutAccessRow = (modules: Iterable<string>) => [...modules].filter((m) => !(m in MODULE_ACCESS));
