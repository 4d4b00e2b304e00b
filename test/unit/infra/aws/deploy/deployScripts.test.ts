import { describe, expect, it } from 'vitest';
import { parseDeployArgs, parseDestroyArgs, UsageError } from '../../../../../infra/aws/deploy/options';
import { outputsSummary, planSummary } from '../../../../../infra/aws/deploy/plan';
import { retainedDataCleanup } from '../../../../../infra/aws/deploy/cleanup';
import { appStacks, statefulStack } from '../../../../../infra/aws/deployConfig';
import { smokeVerdict } from '../../../../../infra/aws/deploy/smoke';

describe('npm run deploy arguments', () => {
  it('plans, confirms, builds and passes context as asked', () => {
    expect(parseDeployArgs([])).toEqual({ yes: false, planOnly: false, skipBuild: false, context: [] });
    expect(parseDeployArgs(['--yes', '--skip-build', '-c', 'athenaPolicyArn=arn:aws:iam::1:policy/x'])).toEqual({
      yes: true,
      planOnly: false,
      skipBuild: true,
      context: ['athenaPolicyArn=arn:aws:iam::1:policy/x'],
    });
    expect(parseDeployArgs(['--plan']).planOnly).toBe(true);
  });

  it('passes the config file and the stage to synth as context', () => {
    expect(parseDeployArgs(['--config', 'deploy/prod.json', '--stage', 'prod']).context).toEqual(['config=deploy/prod.json', 'stage=prod']);
    expect(() => parseDeployArgs(['--stage'])).toThrow(/--stage needs a value/);
    expect(() => parseDeployArgs(['--config', '--yes'])).toThrow(/--config needs a value/);
  });

  it('refuses unknown arguments and context without a value', () => {
    expect(() => parseDeployArgs(['--yse'])).toThrow(UsageError);
    expect(() => parseDeployArgs(['-c'])).toThrow(/key=value/);
    expect(() => parseDeployArgs(['-c', 'novalue'])).toThrow(/key=value/);
  });
});

describe('npm run destroy arguments', () => {
  it('keeps the data unless asked, asks a terminal when not told, and keeps it in CI', () => {
    expect(parseDestroyArgs([])).toEqual({ data: 'ask', yes: false });
    expect(parseDestroyArgs(['--remove-data', '--yes'])).toEqual({ data: 'remove', yes: true });
    expect(parseDestroyArgs(['--keep-data'])).toEqual({ data: 'keep', yes: false });
    expect(parseDestroyArgs(['--yes'])).toEqual({ data: 'keep', yes: true });
    expect(parseDestroyArgs(['--stage', 'dev', '--keep-data'])).toEqual({ data: 'keep', yes: false, stage: 'dev' });
    expect(appStacks('dev')).toEqual(['SqlscapeDevWeb', 'SqlscapeDevApi', 'SqlscapeDevSchedule', 'SqlscapeDevWorkers', 'SqlscapeDevHandlers', 'SqlscapeDevRealtime']);
    expect(statefulStack()).toBe('SqlscapeStateful');
  });

  it('refuses both choices at once and unknown arguments', () => {
    expect(() => parseDestroyArgs(['--keep-data', '--remove-data'])).toThrow(/exclude/);
    expect(() => parseDestroyArgs(['--force'])).toThrow(UsageError);
  });
});

describe('deploy plan and outputs', () => {
  it('counts the notable resources per stack', () => {
    const lines = planSummary({
      SqlscapeApi: { Resources: { A: { Type: 'AWS::Lambda::Function' }, B: { Type: 'AWS::Lambda::Function' }, C: { Type: 'AWS::IAM::Policy' } } },
      SqlscapeStateful: { Resources: { T: { Type: 'AWS::DynamoDB::Table' } } },
    });
    expect(lines).toEqual(['SqlscapeApi: 2 Lambda functions (3 resources in all)', 'SqlscapeStateful: 1 DynamoDB tables (1 resources in all)']);
  });

  it('prints the app URL, the user pool and the first-Admin commands with its id', () => {
    const text = outputsSummary(
      { SqlscapeWeb: { WebUrl: 'https://d1.cloudfront.net' }, SqlscapeStateful: { UserPoolId: 'us-east-1_abc', UserPoolClientId: 'cl' } },
      'eu-west-1',
    ).join('\n');
    expect(text).toContain('App URL:        https://d1.cloudfront.net');
    expect(text).toContain('User pool:      us-east-1_abc (client cl)');
    expect(text).toContain('admin-create-user --region eu-west-1 --user-pool-id us-east-1_abc');
    expect(text).toContain('--group-name Admin');
  });
});

describe('removing the retained data', () => {
  it('deletes tables, empties and removes buckets, deletes the user pool, schedules the passwords key for deletion; leaves the rest to CloudFormation', () => {
    const commands = retainedDataCleanup(
      [
        { ResourceType: 'AWS::DynamoDB::Table', PhysicalResourceId: 'main-123', LogicalResourceId: 'MainTable' },
        { ResourceType: 'AWS::S3::Bucket', PhysicalResourceId: 'results-1', LogicalResourceId: 'ResultsBucket' },
        { ResourceType: 'AWS::Cognito::UserPool', PhysicalResourceId: 'us-east-1_abc', LogicalResourceId: 'UserPool' },
        { ResourceType: 'AWS::KMS::Key', PhysicalResourceId: '1234abcd-12ab', LogicalResourceId: 'DatabasePasswordsKey' },
        { ResourceType: 'AWS::SQS::Queue', PhysicalResourceId: 'https://sqs/q', LogicalResourceId: 'Queue' },
      ],
      'us-east-1',
    );
    expect(commands).toEqual([
      ['aws', 'dynamodb', 'delete-table', '--region', 'us-east-1', '--table-name', 'main-123'],
      ['aws', 's3', 'rb', 's3://results-1', '--force', '--region', 'us-east-1'],
      ['aws', 'cognito-idp', 'delete-user-pool', '--region', 'us-east-1', '--user-pool-id', 'us-east-1_abc'],
      ['aws', 'kms', 'schedule-key-deletion', '--region', 'us-east-1', '--key-id', '1234abcd-12ab', '--pending-window-in-days', '7'],
    ]);
  });
});

describe('the native layer smoke check after a deploy', () => {
  it('passes only when DuckDB answered and resvg and pdfkit produced files', () => {
    expect(smokeVerdict({ StatusCode: 200 }, '{"duckdb":42,"pngBytes":310,"pdfBytes":1800}')).toBeNull();
    expect(smokeVerdict({ StatusCode: 200, FunctionError: 'Unhandled' }, '{"errorMessage":"Cannot find module duckdb.node"}')).toMatch(/Cannot find module duckdb.node/);
    expect(smokeVerdict({ StatusCode: 200 }, '{"duckdb":null,"pngBytes":310,"pdfBytes":1800}')).toMatch(/DuckDB/);
    expect(smokeVerdict({ StatusCode: 200 }, '{"duckdb":42,"pngBytes":0,"pdfBytes":1800}')).toMatch(/resvg/);
    expect(smokeVerdict({ StatusCode: 200 }, 'Task timed out')).toMatch(/not JSON/);
  });
});
