// The one Lambda construct every handler module uses, so the defaults live in one place: Node.js 22
// on ARM64 (cheaper per GB-second than x86), the module's prebuilt bundle (bundler.ts: minified
// CommonJS with a source map), a log group with a retention (no never-expiring logs, and no
// log-retention custom resource), the DuckDB layer when the bundle loads DuckDB and the engine
// parsers layer when it loads a SQL parser (both mount under /opt/nodejs/node_modules, on NODE_PATH).
import { Duration, RemovalPolicy, Stack, Validations } from 'aws-cdk-lib';
import * as ec2 from 'aws-cdk-lib/aws-ec2';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import { NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs';
import * as logs from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';
import { join } from 'node:path';
import type { DeployConfig } from './deployConfig';
import type { HandlerEntry } from './handlerEntries';
import { API_FUNCTION_TIMEOUT_SECONDS } from '../../shared/resources/index';

/** What every function needs to know about the app, built once by the app and passed down. */
export interface FunctionContext {
  /** Environment variables common to all functions (resource names, URLs, auth mode). */
  environment: Record<string, string>;
  /** Where bundler.ts wrote `<module>/index.js`. */
  bundleDir: string;
  /** Modules whose bundle imports @duckdb/*: they get the layer. */
  duckdbModules: ReadonlySet<string>;
  /** Modules whose bundle imports the Athena client. */
  athenaModules: ReadonlySet<string>;
  /**
   * A managed policy for what Athena queries read and write in S3 (data buckets, staging dir):
   * deployment-specific, so it comes from `-c athenaPolicyArn=...` rather than from this code.
   */
  athenaPolicyArn?: string;
  /** Folder holding `nodejs/node_modules/@duckdb/...` for linux-arm64. */
  duckdbLayerDir: string;
  /** Modules whose bundle seals database passwords (kms:GenerateDataKey on the passwords key). */
  passwordSealModules?: ReadonlySet<string>;
  /** Modules whose bundle opens stored database passwords to connect (kms:Decrypt). */
  passwordRevealModules?: ReadonlySet<string>;
  /** Modules whose bundle imports an engine parser (dt-sql-parser, libpg-query): they get that layer. */
  parserModules?: ReadonlySet<string>;
  /** Folder holding the engine parsers layer (engineParsersLayer.ts); required when parserModules is not empty. */
  parsersLayerDir?: string;
  /** Where users open the app (WebStack's WebUrl or the operator's own domain): report links. */
  webappUrl?: string;
  /** Variables only some modules get (the report sender, the Slack token's secret), by module. */
  moduleEnvironment?: Readonly<Record<string, Record<string, string>>>;
  /** The VPC that functions connecting to databases run in (deploy config `vpc`). */
  vpc?: DeployConfig['vpc'];
  /** The report sender, which the send-email grant is limited to. */
  reportsEmailFrom?: string;
  /** Name or ARN of the Slack token's secret. */
  slackTokenSecret?: string;
}

export interface AppFunctionProps {
  handler: HandlerEntry;
  context: FunctionContext;
  timeout?: Duration;
  memorySize?: number;
  description?: string;
  /** Run in the context's VPC (when there is one): the function connects to databases. */
  inVpc?: boolean;
}

// HTTP API integrations give up at 30 s; SQL Lab fits sync runs into what is left (sqllab/runner.ts).
export const DEFAULT_TIMEOUT = Duration.seconds(API_FUNCTION_TIMEOUT_SECONDS);

export const DEFAULT_MEMORY_MB = 1024;
/** DuckDB runs the query inside the function; Lambda also scales CPU with memory. */
export const DUCKDB_MEMORY_MB = 2048;
export const LOG_RETENTION = logs.RetentionDays.ONE_MONTH;

export class AppFunction extends Construct {
  readonly fn: NodejsFunction;
  readonly module: string;

  constructor(scope: Construct, id: string, props: AppFunctionProps) {
    super(scope, id);
    const { handler, context } = props;
    this.module = handler.module;
    const logGroup = new logs.LogGroup(this, 'Logs', { retention: LOG_RETENTION, removalPolicy: RemovalPolicy.DESTROY });
    const usesDuckdb = context.duckdbModules.has(handler.module);
    const layers: lambda.ILayerVersion[] = [];
    if (usesDuckdb) {
      layers.push(
        sharedLayer(this, 'DuckdbLayer', context.duckdbLayerDir, 'DuckDB Node.js API with the linux-arm64 native binding', [lambda.Architecture.ARM_64]),
      );
    }
    if (context.parserModules?.has(handler.module)) {
      if (!context.parsersLayerDir) throw new Error(`${handler.module} loads an engine parser, but no engine parsers layer was built`);
      // Plain JS and WASM: any architecture.
      layers.push(
        sharedLayer(this, 'EngineParsersLayer', context.parsersLayerDir, 'SQL parsers of the engines: Trino grammar (dt-sql-parser) and libpg-query (WASM)', [
          lambda.Architecture.ARM_64,
          lambda.Architecture.X86_64,
        ]),
      );
    }
    const network = props.inVpc && context.vpc ? importedNetwork(this, context.vpc) : undefined;
    this.fn = new NodejsFunction(this, 'Function', {
      // Prebuilt by bundler.ts in one esbuild run for all modules; NodejsFunction then skips its own.
      code: lambda.Code.fromAsset(join(context.bundleDir, handler.module)),
      handler: 'index.handler',
      runtime: lambda.Runtime.NODEJS_22_X,
      architecture: lambda.Architecture.ARM_64,
      memorySize: props.memorySize ?? (usesDuckdb ? DUCKDB_MEMORY_MB : DEFAULT_MEMORY_MB),
      timeout: props.timeout ?? DEFAULT_TIMEOUT,
      description: props.description ?? `sqlscape ${handler.kind} handler ${handler.module}`,
      logGroup,
      environment: { ...context.environment, ...context.moduleEnvironment?.[handler.module], NODE_OPTIONS: '--enable-source-maps' },
      vpc: network?.vpc,
      vpcSubnets: network ? { subnets: network.vpc.privateSubnets } : undefined,
      securityGroups: network?.securityGroups,
      // X-Ray: Powertools Tracer records the handler, the AWS SDK calls and the engine statements.
      tracing: lambda.Tracing.ACTIVE,
      layers: layers.length > 0 ? layers : undefined,
    });
    // cdk-nag (AwsSolutions) acknowledgements, on this function and its role only.
    Validations.of(this.fn).acknowledge({
      id: 'AwsSolutions-L1',
      reason: 'Node.js 22 is the runtime the bundles, the DuckDB layer (linux-arm64 binding) and the tests are built for; moving runtime is a deliberate upgrade',
    });
    Validations.of(this.fn.role!).acknowledge({
      id: 'AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole]',
      reason: 'AWSLambdaBasicExecutionRole only lets the function write its own CloudWatch Logs, which every function needs',
    });
    if (network) {
      Validations.of(this.fn.role!).acknowledge({
        id: 'AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSLambdaVPCAccessExecutionRole]',
        reason: 'AWSLambdaVPCAccessExecutionRole only lets the function manage the network interfaces it runs in the VPC through',
      });
    }
    // X-Ray has no resource-level permissions: tracing (Powertools Tracer) needs xray:Put* on Resource *.
    // The other wildcards of infra/aws/access.ts (DynamoDB <table>/index/*, <bucket>/* object keys,
    // @connections/*, SES identity/*, Athena and Glue) are acknowledged in infra/aws/wildcardGrantsNag.ts:
    // cdk-nag 3 acknowledges findings by exact id, and theirs embed cross-stack export names known only at synthesis.
    Validations.of(this.fn.role!).acknowledge({
      id: 'AwsSolutions-IAM5[Resource::*]',
      reason: 'xray:PutTraceSegments and xray:PutTelemetryRecords (Lambda active tracing) do not support resource-level permissions',
    });
  }
}

const stackNetworks = new WeakMap<Stack, { vpc: ec2.IVpc; securityGroups: ec2.ISecurityGroup[] }>();

/** The operator's VPC, subnets and security groups, imported once per stack without an account lookup. */
function importedNetwork(scope: Construct, config: NonNullable<DeployConfig['vpc']>) {
  const stack = Stack.of(scope);
  let network = stackNetworks.get(stack);
  if (!network) {
    const vpc = ec2.Vpc.fromVpcAttributes(stack, 'DatabaseVpc', {
      vpcId: config.vpcId,
      availabilityZones: config.availabilityZones,
      privateSubnetIds: config.subnetIds,
    });
    // Not mutable: the operator's groups already let the functions reach the database; CDK adds no rules.
    const securityGroups = config.securityGroupIds.map((id, i) => ec2.SecurityGroup.fromSecurityGroupId(stack, `DatabaseSecurityGroup${i}`, id, { mutable: false }));
    network = { vpc, securityGroups };
    stackNetworks.set(stack, network);
  }
  return network;
}

const stackLayers = new WeakMap<Stack, Map<string, lambda.ILayerVersion>>();

/** One version of each layer per stack; the asset is hashed by content, so it is uploaded once. */
function sharedLayer(scope: Construct, id: string, dir: string, description: string, compatibleArchitectures: lambda.Architecture[]): lambda.ILayerVersion {
  const stack = Stack.of(scope);
  let layers = stackLayers.get(stack);
  if (!layers) stackLayers.set(stack, (layers = new Map()));
  let layer = layers.get(id);
  if (!layer) {
    layer = new lambda.LayerVersion(stack, id, {
      code: lambda.Code.fromAsset(dir),
      compatibleArchitectures,
      compatibleRuntimes: [lambda.Runtime.NODEJS_22_X],
      description,
    });
    layers.set(id, layer);
  }
  return layer;
}
