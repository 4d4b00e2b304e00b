// What the operator's configuration (infra/aws/deployConfig.ts) does to the templates: a stage in every
// stack name, the report sender and its SES identity, the Slack token's secret, feature flags, a VPC
// for the functions that connect to databases, an RDS Proxy and a WAF web ACL.
import { Match, type Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import type { DeployConfig } from '../../infra/aws/deployConfig';
import { DATABASE_ENV } from '../../infra/aws/environment';
import { FUNCTION_ENV, POOL_ENV, QUEUES } from '../../shared/resources/index';
import { actionsOf, ENGINE_STUB_MODULES, functionIdOf, synthApp } from './synthApp';

const CONFIG: DeployConfig = {
  stage: 'prod',
  reportsEmailFrom: 'reports@example.com',
  sesIdentity: 'example.com',
  slackTokenSecret: 'sqlscape/prod/slack-token',
  featureFlags: { GLOBAL_ASYNC_QUERIES: true },
  vpc: { vpcId: 'vpc-0a1b2c3d4e5f60789', subnetIds: ['subnet-0a1b2c3d4e5f60001', 'subnet-0a1b2c3d4e5f60002'], securityGroupIds: ['sg-0123456789abcdef0'], availabilityZones: ['eu-west-1a', 'eu-west-1b'] },
  rdsProxy: { dbInstanceIdentifier: 'analytics', secretArn: 'arn:aws:secretsmanager:eu-west-1:111111111111:secret:analytics-login-AbCdEf' },
  webAclArn: 'arn:aws:wafv2:us-east-1:111111111111:global/webacl/sqlscape/abc',
};

let built: Awaited<ReturnType<typeof synthApp>>;
let t: typeof built.templates;

beforeAll(async () => {
  built = await synthApp({ withWebDist: true, config: CONFIG });
  t = built.templates;
});

type Props = Record<string, any>;
const functions = (template: Template) => Object.entries(template.findResources('AWS::Lambda::Function')) as [string, { Properties: Props }][];
const vars = (template: Template, module: string) => template.findResources('AWS::Lambda::Function')[functionIdOf(template, module)].Properties.Environment.Variables as Props;

describe('a stage', () => {
  it('names every stack after it, so dev and prod live in one account (their exports and generated names follow the stack name)', () => {
    const names = [built.stateful, built.realtime, built.handlers, built.workers, built.schedule, built.api, built.web].map((s) => s.stackName);
    expect(names).toEqual(['SqlscapeProdStateful', 'SqlscapeProdRealtime', 'SqlscapeProdHandlers', 'SqlscapeProdWorkers', 'SqlscapeProdSchedule', 'SqlscapeProdApi', 'SqlscapeProdWeb']);
    for (const template of Object.values(t)) {
      for (const output of Object.values((template.toJSON().Outputs ?? {}) as Record<string, { Export?: { Name: string } }>)) {
        if (output.Export) expect(output.Export.Name).toMatch(/^SqlscapeProd/);
      }
    }
  });
});

describe('report email', () => {
  it('gives the report worker (and no other function) the sender, and lets it send as that address only', () => {
    expect(vars(t.workers, QUEUES.reports.worker).REPORTS_EMAIL_FROM).toBe('reports@example.com');
    for (const template of [t.handlers, t.realtime, t.schedule]) for (const [id, fn] of functions(template)) expect(fn.Properties.Environment.Variables.REPORTS_EMAIL_FROM, id).toBeUndefined();
    t.workers.hasResourceProperties('AWS::IAM::Policy', {
      PolicyDocument: {
        Statement: Match.arrayWith([Match.objectLike({ Action: ['ses:SendEmail', 'ses:SendRawEmail'], Condition: { StringEquals: { 'ses:FromAddress': 'reports@example.com' } } })]),
      },
    });
  });

  it('creates the SES domain identity and lists its DKIM records for DNS', () => {
    t.workers.hasResourceProperties('AWS::SES::EmailIdentity', { EmailIdentity: 'example.com' });
    const outputs = Object.keys(t.workers.toJSON().Outputs);
    expect(outputs).toEqual(expect.arrayContaining(['SesIdentity', 'DkimRecord1', 'DkimRecord2', 'DkimRecord3']));
  });
});

describe('Slack token', () => {
  it('tells the report worker and the reports API where the token is, and lets only them read that one secret', () => {
    expect(vars(t.workers, QUEUES.reports.worker).SLACK_API_TOKEN_SECRET).toBe(CONFIG.slackTokenSecret);
    expect(vars(t.handlers, 'reports').SLACK_API_TOKEN_SECRET).toBe(CONFIG.slackTokenSecret);
    const readers: string[] = [];
    for (const template of [t.handlers, t.workers, t.realtime, t.schedule]) {
      for (const [id] of functions(template)) if (actionsOf(template, id).includes('secretsmanager:GetSecretValue')) readers.push(id);
    }
    expect(readers.sort()).toEqual([functionIdOf(t.handlers, 'reports'), functionIdOf(t.workers, QUEUES.reports.worker)].sort());
    // Every function's policy statement that reads a secret names the Slack token's, and only it.
    const functionRoles = (template: Template) => new Set(functions(template).map(([, fn]) => fn.Properties.Role['Fn::GetAtt'][0]));
    const statements = [t.handlers, t.workers]
      .flatMap((template) =>
        Object.values(template.findResources('AWS::IAM::Policy')).filter((p) => (p.Properties.Roles as { Ref: string }[]).some((r) => functionRoles(template).has(r.Ref))),
      )
      .flatMap((p) => p.Properties.PolicyDocument.Statement as Props[])
      .filter((s) => [s.Action].flat().includes('secretsmanager:GetSecretValue'));
    for (const s of statements) {
      expect(s.Action).toBe('secretsmanager:GetSecretValue');
      expect(JSON.stringify(s.Resource)).toContain(':secret:sqlscape/prod/slack-token-??????');
    }
    expect(statements.length).toBeGreaterThanOrEqual(2);
  });
});

describe('feature flags and database connections', () => {
  it('gives every function the feature flags and Lambda-sized PostgreSQL pools with TLS by default', () => {
    for (const template of [t.handlers, t.workers, t.realtime, t.schedule]) {
      for (const [id, fn] of functions(template)) {
        const env = fn.Properties.Environment.Variables as Props;
        expect(JSON.parse(env[FUNCTION_ENV.featureFlags]), id).toEqual({ GLOBAL_ASYNC_QUERIES: true });
        expect(env[POOL_ENV.max], id).toBe('2');
        expect(env[POOL_ENV.defaultSslMode], id).toBe('verify-full');
        expect(env.NODE_EXTRA_CA_CERTS, id).toBe(DATABASE_ENV.NODE_EXTRA_CA_CERTS);
      }
    }
  });

  it('runs the functions that connect to databases in the VPC, and only them', () => {
    for (const module of ENGINE_STUB_MODULES) {
      const fn = t.workers.findResources('AWS::Lambda::Function')[functionIdOf(t.workers, module)];
      expect(fn.Properties.VpcConfig, module).toEqual({ SubnetIds: ['subnet-0a1b2c3d4e5f60001', 'subnet-0a1b2c3d4e5f60002'], SecurityGroupIds: ['sg-0123456789abcdef0'] });
    }
    for (const module of ['health', 'security', 'me']) {
      expect(t.handlers.findResources('AWS::Lambda::Function')[functionIdOf(t.handlers, module)].Properties.VpcConfig, module).toBeUndefined();
    }
  });

  it('puts an RDS Proxy for PostgreSQL in the VPC, requiring TLS, logging in with the given secret, and outputs its endpoint', () => {
    t.workers.hasResourceProperties('AWS::RDS::DBProxy', {
      EngineFamily: 'POSTGRESQL',
      RequireTLS: true,
      VpcSubnetIds: ['subnet-0a1b2c3d4e5f60001', 'subnet-0a1b2c3d4e5f60002'],
      VpcSecurityGroupIds: ['sg-0123456789abcdef0'],
      Auth: [Match.objectLike({ AuthScheme: 'SECRETS', SecretArn: CONFIG.rdsProxy!.secretArn })],
    });
    t.workers.hasResourceProperties('AWS::RDS::DBProxyTargetGroup', { DBInstanceIdentifiers: ['analytics'] });
    expect(Object.keys(t.workers.toJSON().Outputs)).toContain('PostgresProxyEndpoint');
  });
});

describe('WAF', () => {
  it('puts the web ACL in front of the distribution', () => {
    t.web.hasResourceProperties('AWS::CloudFront::Distribution', { DistributionConfig: Match.objectLike({ WebACLId: CONFIG.webAclArn }) });
  });
});
