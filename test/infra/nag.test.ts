// cdk-nag's AwsSolutions pack over every stack: no unacknowledged error. Acknowledgements live next to
// the constructs they concern in infra/aws (Validations.of(x).acknowledge), each with its reason, and the
// wildcard grants' in infra/aws/wildcardGrantsNag.ts; a new finding fails this test until it is fixed or
// acknowledged there.
import { App, Stack, type PolicyValidationPluginReport } from 'aws-cdk-lib';
import * as iam from 'aws-cdk-lib/aws-iam';
import { AwsSolutionsChecks } from 'cdk-nag';
import { beforeAll, describe, expect, it } from 'vitest';
import { acknowledgeWildcardGrants } from '../../infra/aws/wildcardGrantsNag';
import { synthesized } from './synthesized';

let report: PolicyValidationPluginReport;

beforeAll(async () => {
  report = (await synthesized('app')).nag!;
});

const errorsOf = (r: PolicyValidationPluginReport) => r.violations.filter((v) => v.severity?.toLowerCase() !== 'warning');

describe('cdk-nag AwsSolutions', () => {
  it('finds no unacknowledged error', () => {
    const errors = errorsOf(report);
    if (process.env.NAG_PRINT) console.log(errors.flatMap((v) => v.violatingResources.map((r) => `${v.ruleName} ${r.constructPath}`)).join('\n'));
    expect(errors.map((v) => v.ruleName)).toEqual([]);
  });

  it('acknowledges only the wildcard resources its rules name; any other wildcard stays a finding', () => {
    const app = new App();
    const stack = new Stack(app, 'Probe');
    const role = new iam.Role(stack, 'Role', { assumedBy: new iam.ServicePrincipal('lambda.amazonaws.com') });
    role.addToPolicy(new iam.PolicyStatement({ actions: ['dynamodb:Query'], resources: ['arn:aws:dynamodb:eu-west-1:111111111111:table/main/index/*'] }));
    role.addToPolicy(new iam.PolicyStatement({ actions: ['s3:GetObject'], resources: ['arn:aws:s3:::someone-elses-bucket/*'] }));
    app.synth();
    expect(acknowledgeWildcardGrants(app)).toEqual(['AwsSolutions-IAM5[Resource::arn:aws:dynamodb:eu-west-1:111111111111:table/main/index/*]']);
    const rules = errorsOf(new AwsSolutionsChecks().validateScope(app)).map((v) => v.ruleName);
    expect(rules).toEqual(['AwsSolutions-IAM5[Resource::arn:aws:s3:::someone-elses-bucket/*]']);
  });
});
