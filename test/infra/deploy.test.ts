// What `npm run deploy` prints comes from the synthesized templates: the outputs it reads exist, the
// plan summary counts what the stacks hold, and the stages and buckets log their accesses (nag's fixes).
import type { Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { outputsSummary, planSummary } from '../../infra/aws/deploy/plan';
import { deployedWebUrl } from '../../infra/aws/deploy/outputs';
import { FUNCTION_ENV } from '../../shared/resources/index';
import { SYNTH_WEBAPP_URL } from './synthApp';
import { synthesized } from './synthesized';

let templates: Record<string, Template>;
const WEBAPP_URL = SYNTH_WEBAPP_URL;

beforeAll(async () => {
  templates = (await synthesized('webappUrl')).templates;
});

const outputsOf = (t: Template) => Object.keys((t.toJSON().Outputs ?? {}) as Record<string, unknown>);

describe('deploy outputs and plan', () => {
  it('declares every output the deploy summary prints', () => {
    expect(outputsOf(templates.web)).toContain('WebUrl');
    expect(outputsOf(templates.stateful)).toEqual(expect.arrayContaining(['UserPoolId', 'UserPoolClientId']));
    expect(outputsOf(templates.api)).toEqual(expect.arrayContaining(['ApiUrl', 'AlarmTopicArn', 'DashboardName']));
    expect(outputsOf(templates.realtime)).toContain('WebSocketUrl');
    // As cdk deploy's outputs file gives them: every line names a value, none says it is missing.
    const outputs = Object.fromEntries(Object.entries(templates).map(([stack, t]) => [stack, Object.fromEntries(outputsOf(t).map((k) => [k, `<${k}>`]))]));
    const text = outputsSummary(outputs).join('\n');
    for (const key of ['<WebUrl>', '<ApiUrl>', '<WebSocketUrl>', '<UserPoolId>', '<AlarmTopicArn>']) expect(text).toContain(key);
  });

  it("gives every function the address users open the app at (-c webappUrl, or the last deploy's WebUrl), for the links reports send", () => {
    for (const t of [templates.realtime, templates.handlers, templates.workers, templates.schedule]) {
      for (const [id, fn] of Object.entries(t.findResources('AWS::Lambda::Function'))) {
        const vars = (fn.Properties.Environment?.Variables ?? {}) as Record<string, unknown>;
        if (vars[FUNCTION_ENV.authMode]) expect(vars[FUNCTION_ENV.webappUrl], id).toBe(WEBAPP_URL);
      }
    }
  });

  it("reads the web stack's address from the last deploy's outputs file", () => {
    const dir = mkdtempSync(join(tmpdir(), 'outputs-'));
    const file = join(dir, 'cdk-outputs.json');
    expect(deployedWebUrl(file)).toBeUndefined();
    writeFileSync(file, JSON.stringify({ SqlscapeApi: { ApiUrl: 'https://api' }, SqlscapeWeb: { WebUrl: 'https://d111.cloudfront.net' } }));
    expect(deployedWebUrl(file)).toBe('https://d111.cloudfront.net');
    rmSync(dir, { recursive: true, force: true });
  });

  it('summarizes what each stack creates', () => {
    const lines = planSummary(Object.fromEntries(Object.entries(templates).map(([stack, t]) => [stack, t.toJSON()])));
    expect(lines.find((l) => l.startsWith('handlers:'))).toMatch(/\d+ Lambda functions/);
    expect(lines.find((l) => l.startsWith('api:'))).toMatch(/\d+ API routes/);
    expect(lines.find((l) => l.startsWith('stateful:'))).toMatch(/\d+ DynamoDB tables, .*S3 buckets/);
    expect(lines.find((l) => l.startsWith('stateful:'))).toMatch(/1 KMS keys/);
    expect(lines.find((l) => l.startsWith('web:'))).toMatch(/1 CloudFront distributions/);
  });

  it('logs HTTP API stage accesses, bucket accesses and CloudFront requests', () => {
    for (const t of [templates.api]) {
      const stages = Object.values(t.findResources('AWS::ApiGatewayV2::Stage'));
      expect(stages.length).toBeGreaterThan(0);
      for (const s of stages) expect(s.Properties.AccessLogSettings?.DestinationArn).toBeDefined();
    }
    const buckets = Object.entries(templates.stateful.findResources('AWS::S3::Bucket'));
    for (const [id, b] of buckets) if (!id.startsWith('AccessLogsBucket')) expect(b.Properties.LoggingConfiguration, id).toBeDefined();
    const [distribution] = Object.values(templates.web.findResources('AWS::CloudFront::Distribution'));
    expect(distribution.Properties.DistributionConfig.Logging?.Bucket).toBeDefined();
  });
});
