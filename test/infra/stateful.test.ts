// Tables, queues and their workers, buckets, schedules and the user pool, read from the templates.
import { App } from 'aws-cdk-lib';
import { Match, Template } from 'aws-cdk-lib/assertions';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../../infra/aws/paths';
import { BUCKETS, EXAMPLES, FUNCTION_ENV, QUEUES, SCHEDULES, TABLES, visibilityTimeoutSeconds, type TableDef } from '../../shared/resources/index';
import { StatefulStack } from '../../infra/aws/StatefulStack';
import { DEAD_LETTER_MAX_CONCURRENCY } from '../../infra/aws/WorkersStack';
import { ROLES } from '../../shared/security/roles';
import { functionIdOf } from './synthApp';
import { synthesized, type Synthesized } from './synthesized';

let t: Synthesized['templates'];

beforeAll(async () => {
  t = (await synthesized('app')).templates;
});

type Props = Record<string, any>;
const resources = (template: typeof t.api, type: string) => template.findResources(type) as Record<string, { Properties: Props; DeletionPolicy?: string }>;

/** The logical id in the stateful stack behind an `Fn::ImportValue` in another stack. */
function exportedResourceId(importValue: { 'Fn::ImportValue': string }): string {
  const outputs = t.stateful.toJSON().Outputs as Record<string, { Value: any; Export?: { Name: string } }>;
  const output = Object.values(outputs).find((o) => o.Export?.Name === importValue['Fn::ImportValue']);
  if (!output) throw new Error(`no export ${importValue['Fn::ImportValue']}`);
  return output.Value['Fn::GetAtt']?.[0] ?? output.Value.Ref;
}

describe('tables', () => {
  it.each(Object.entries(TABLES))('%s: on demand, point-in-time recovery, TTL, its indexes, retained', (_key, def) => {
    const match = Object.values(resources(t.stateful, 'AWS::DynamoDB::Table')).filter(
      (r) => r.Properties.KeySchema[0].AttributeName === def.partitionKey,
    );
    expect(match).toHaveLength(1);
    const [table] = match;
    expect(table.Properties.BillingMode).toBe('PAY_PER_REQUEST');
    expect(table.Properties.PointInTimeRecoverySpecification).toEqual({ PointInTimeRecoveryEnabled: true });
    expect(table.Properties.TimeToLiveSpecification).toEqual({ AttributeName: def.ttlAttribute, Enabled: true });
    expect((table.Properties.GlobalSecondaryIndexes ?? []).map((i: Props) => i.IndexName).sort()).toEqual(def.indexes.map((i) => i.name).sort());
    for (const index of def.indexes as TableDef['indexes']) {
      const declared = (table.Properties.GlobalSecondaryIndexes as Props[]).find((i) => i.IndexName === index.name)!;
      expect(declared.Projection.ProjectionType).toBe(index.keysOnly ? 'KEYS_ONLY' : 'ALL');
    }
    expect(table.DeletionPolicy).toBe('Retain');
  });
});

describe('queues and workers', () => {
  const queues = () => resources(t.stateful, 'AWS::SQS::Queue');
  const mappings = () => Object.values(resources(t.workers, 'AWS::Lambda::EventSourceMapping'));

  it('sends every queue to a dead-letter queue after the defined receives, at least 5 (a throttled or briefly failing worker does not dead-letter work)', () => {
    for (const def of Object.values(QUEUES)) expect(def.maxReceiveCount).toBeGreaterThanOrEqual(5);
    const withRedrive = Object.values(queues()).filter((q) => q.Properties.RedrivePolicy);
    expect(withRedrive).toHaveLength(Object.keys(QUEUES).length);
    const receives = withRedrive.map((q) => q.Properties.RedrivePolicy.maxReceiveCount).sort();
    expect(receives).toEqual(Object.values(QUEUES).map((d) => d.maxReceiveCount).sort());
    for (const q of withRedrive) {
      const dlqId = q.Properties.RedrivePolicy.deadLetterTargetArn['Fn::GetAtt'][0];
      expect(queues()[dlqId], dlqId).toBeDefined();
      expect(queues()[dlqId].Properties.RedrivePolicy).toBeUndefined();
    }
  });

  it('encrypts every queue', () => {
    for (const [id, q] of Object.entries(queues())) expect(q.Properties.SqsManagedSseEnabled, id).toBe(true);
  });

  it.each(Object.entries(QUEUES))('%s: the worker reports partial batch failures and its queue hides messages for 6x its timeout', (_key, def) => {
    const workerId = functionIdOf(t.workers, def.worker);
    const worker = resources(t.workers, 'AWS::Lambda::Function')[workerId];
    const mapping = mappings().find((m) => m.Properties.FunctionName.Ref === workerId);
    expect(mapping).toBeDefined();
    expect(mapping!.Properties.FunctionResponseTypes).toEqual(['ReportBatchItemFailures']);
    expect(mapping!.Properties.BatchSize).toBe(def.batchSize);
    // A burst of work cannot take the account's whole concurrency.
    expect(mapping!.Properties.ScalingConfig).toEqual({ MaximumConcurrency: def.maxConcurrency });
    const queue = queues()[exportedResourceId(mapping!.Properties.EventSourceArn)];
    expect(queue.Properties.RedrivePolicy).toBeDefined(); // the main queue, not its DLQ
    expect(worker.Properties.Timeout).toBe(def.workerTimeoutSeconds);
    expect(queue.Properties.VisibilityTimeout).toBeGreaterThanOrEqual(6 * worker.Properties.Timeout);
    expect(queue.Properties.VisibilityTimeout).toBe(visibilityTimeoutSeconds(def));
  });

  it.each(Object.entries(QUEUES).filter(([, d]) => d.deadLetterWorker))('%s: the dead-letter drainer reads the DLQ', (_key, def) => {
    const drainerId = functionIdOf(t.workers, def.deadLetterWorker!);
    const drainer = resources(t.workers, 'AWS::Lambda::Function')[drainerId];
    const mapping = mappings().find((m) => m.Properties.FunctionName.Ref === drainerId)!;
    expect(mapping.Properties.FunctionResponseTypes).toEqual(['ReportBatchItemFailures']);
    expect(mapping.Properties.ScalingConfig).toEqual({ MaximumConcurrency: DEAD_LETTER_MAX_CONCURRENCY });
    const dlq = queues()[exportedResourceId(mapping.Properties.EventSourceArn)];
    expect(dlq.Properties.RedrivePolicy).toBeUndefined();
    expect(dlq.Properties.VisibilityTimeout).toBeGreaterThanOrEqual(6 * drainer.Properties.Timeout);
  });
});

describe('buckets', () => {
  it('block all public access, encrypt, and are retained', () => {
    for (const template of [t.stateful, t.web]) {
      for (const [id, b] of Object.entries(resources(template, 'AWS::S3::Bucket'))) {
        expect(b.Properties.PublicAccessBlockConfiguration, id).toEqual({
          BlockPublicAcls: true,
          BlockPublicPolicy: true,
          IgnorePublicAcls: true,
          RestrictPublicBuckets: true,
        });
        expect(b.Properties.BucketEncryption.ServerSideEncryptionConfiguration[0].ServerSideEncryptionByDefault.SSEAlgorithm, id).toBe('AES256');
      }
    }
  });

  it('refuse plain HTTP', () => {
    for (const template of [t.stateful, t.web]) {
      const policies = Object.values(resources(template, 'AWS::S3::BucketPolicy'));
      expect(policies.length).toBe(Object.keys(resources(template, 'AWS::S3::Bucket')).length);
      for (const p of policies) {
        expect(p.Properties.PolicyDocument.Statement).toEqual(
          expect.arrayContaining([expect.objectContaining({ Effect: 'Deny', Condition: { Bool: { 'aws:SecureTransport': 'false' } } })]),
        );
      }
    }
  });

  it('expire query results after the defined days', () => {
    t.stateful.hasResourceProperties('AWS::S3::Bucket', {
      LifecycleConfiguration: { Rules: Match.arrayWith([Match.objectLike({ ExpirationInDays: BUCKETS.results.expirationDays, Status: 'Enabled' })]) },
    });
  });
});

describe('schedules', () => {
  it.each(Object.entries(SCHEDULES))('%s: a cron rule invokes its handler', (_key, def) => {
    const fnId = functionIdOf(t.schedule, def.handler);
    t.schedule.hasResourceProperties('AWS::Events::Rule', {
      ScheduleExpression: def.cron,
      State: 'ENABLED',
      Targets: [Match.objectLike({ Arn: { 'Fn::GetAtt': [fnId, 'Arn'] } })],
    });
  });
});

describe('user pool', () => {
  it('has a group per role', () => {
    const groups = Object.values(resources(t.stateful, 'AWS::Cognito::UserPoolGroup')).map((g) => g.Properties.GroupName);
    expect(groups.sort()).toEqual(Object.keys(ROLES).sort());
  });

  it('lets the app client log in with a password and refresh, and never write user_id', () => {
    const [client] = Object.values(resources(t.stateful, 'AWS::Cognito::UserPoolClient'));
    expect(client.Properties.ExplicitAuthFlows).toEqual(expect.arrayContaining(['ALLOW_USER_PASSWORD_AUTH', 'ALLOW_REFRESH_TOKEN_AUTH']));
    expect(client.Properties.GenerateSecret).toBe(false);
    expect(client.Properties.WriteAttributes).not.toContain('custom:user_id');
  });

  it('keeps user_id immutable and adds it to tokens with a v2 pre-token trigger', () => {
    t.stateful.hasResourceProperties('AWS::Cognito::UserPool', {
      Schema: Match.arrayWith([Match.objectLike({ Name: 'user_id', Mutable: false, AttributeDataType: 'Number' })]),
      LambdaConfig: { PreTokenGenerationConfig: { LambdaArn: Match.anyValue(), LambdaVersion: 'V2_0' } },
      AdminCreateUserConfig: { AllowAdminCreateUserOnly: true },
    });
    const [pool] = Object.values(resources(t.stateful, 'AWS::Cognito::UserPool'));
    expect(pool.DeletionPolicy).toBe('Retain');
  });
});

describe('database passwords key', () => {
  it('is a customer managed key with yearly rotation, retained with the data, whose ARN every function gets', () => {
    t.stateful.hasResourceProperties('AWS::KMS::Key', { EnableKeyRotation: true, KeySpec: Match.absent() });
    const keys = Object.entries(resources(t.stateful, 'AWS::KMS::Key'));
    const [[keyId, key]] = keys.filter(([id]) => id.startsWith('DatabasePasswordsKey'));
    expect(key.DeletionPolicy).toBe('Retain');
    for (const template of [t.handlers, t.workers, t.realtime, t.schedule]) {
      for (const [id, fn] of Object.entries(resources(template, 'AWS::Lambda::Function'))) {
        const value = fn.Properties.Environment.Variables[FUNCTION_ENV.databaseKmsKeyId];
        expect(value, id).toBeDefined();
        expect(exportedResourceId(value)).toBe(keyId);
      }
    }
  });
});

describe('examples database', () => {
  it('uploads only the examples file, under examples/ in its own bucket', () => {
    mkdirSync(join(REPO_ROOT, '.tmp'), { recursive: true });
    const dir = mkdtempSync(join(REPO_ROOT, '.tmp', 'infra-examples-'));
    try {
      const data = join(dir, 'data');
      mkdirSync(data);
      writeFileSync(join(data, 'examples.duckdb'), 'duckdb');
      writeFileSync(join(data, 'dynalite.db'), 'local state that must not be uploaded');
      const bundleDir = join(dir, 'bundles');
      mkdirSync(join(bundleDir, 'preTokenGeneration'), { recursive: true });
      writeFileSync(join(bundleDir, 'preTokenGeneration', 'index.js'), 'exports.handler = async (e) => e;');
      const app = new App({ outdir: join(dir, 'cdk.out') });
      const stack = new StatefulStack(app, 'Examples', {
        context: { environment: {}, bundleDir, duckdbModules: new Set(), athenaModules: new Set(), duckdbLayerDir: join(dir, 'layer') },
        trigger: { module: 'preTokenGeneration', kind: 'trigger', entry: 'unused' },
        examplesFile: join(data, 'examples.duckdb'),
      });
      const template = Template.fromStack(stack);
      const [deployment] = Object.values(template.findResources('Custom::CDKBucketDeployment'));
      expect(deployment.Properties.DestinationBucketKeyPrefix).toBe(EXAMPLES.s3Key.split('/')[0] + '/');
      expect(deployment.Properties.Prune).toBe(false);
      expect(deployment.Properties.DestinationBucketName.Ref).toMatch(/^ExamplesBucket/);
      const assets = readdirSync(join(dir, 'cdk.out')).filter((f) => f.startsWith('asset.') && !f.endsWith('.zip'));
      const staged = assets.map((a) => readdirSync(join(dir, 'cdk.out', a))).find((files) => files.includes('examples.duckdb'));
      expect(staged).toEqual(['examples.duckdb']);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
