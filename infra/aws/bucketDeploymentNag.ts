// cdk-nag acknowledgements for the Lambda CDK's BucketDeployment creates (a singleton per stack and
// memory size, `Custom::CDKBucketDeployment<uuid><memory>MiB`), which this app does not configure.
import { Stack, Validations } from 'aws-cdk-lib';
import type { Construct } from 'constructs';

export function acknowledgeBucketDeploymentHandler(scope: Construct): void {
  for (const child of Stack.of(scope).node.children) {
    if (!child.node.id.startsWith('Custom::CDKBucketDeployment')) continue;
    Validations.of(child).acknowledge({ id: 'AwsSolutions-L1', reason: 'CDK picks and upgrades the runtime of its BucketDeployment handler; it runs only during deploys' });
    const role = child.node.tryFindChild('ServiceRole');
    if (role) {
      Validations.of(role).acknowledge({
        id: 'AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole]',
        reason: "Only lets CDK's BucketDeployment handler write its own CloudWatch Logs",
      });
      // CDK's own grants for the handler (grantRead of the asset, grantReadWrite of the destination).
      Validations.of(role).acknowledge({
        id: 'AwsSolutions-IAM5[Resource::*]',
        reason: "CDK's BucketDeployment handler invalidates the distribution's cache after a deploy (cloudfront:CreateInvalidation/GetInvalidation, granted by CDK on *)",
      });
      for (const action of ['s3:Abort*', 's3:DeleteObject*', 's3:GetBucket*', 's3:GetObject*', 's3:List*']) {
        Validations.of(role).acknowledge({
          id: `AwsSolutions-IAM5[Action::${action}]`,
          reason: "CDK's BucketDeployment handler copies the staged asset into the destination bucket with CDK's grant* action families; it runs only during deploys",
        });
      }
    }
  }
}
