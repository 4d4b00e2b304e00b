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
    }
  }
}
