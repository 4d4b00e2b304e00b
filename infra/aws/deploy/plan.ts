// What a deploy will create, read from the synthesized templates (cdk.out), and what it gave, read from
// the outputs file cdk deploy writes. Pure functions over JSON, so the infra tests run them on a synth.

interface Template {
  Resources?: Record<string, { Type: string }>;
}

/** Friendly names for the resource types that matter to whoever pays for or operates them. */
const NAMES: Record<string, string> = {
  'AWS::Lambda::Function': 'Lambda functions',
  'AWS::ApiGatewayV2::Api': 'API Gateway APIs (HTTP, WebSocket)',
  'AWS::ApiGatewayV2::Route': 'API routes',
  'AWS::DynamoDB::Table': 'DynamoDB tables',
  'AWS::DynamoDB::GlobalTable': 'DynamoDB tables',
  'AWS::S3::Bucket': 'S3 buckets',
  'AWS::SQS::Queue': 'SQS queues',
  'AWS::Cognito::UserPool': 'Cognito user pools',
  'AWS::KMS::Key': 'KMS keys',
  'AWS::CloudFront::Distribution': 'CloudFront distributions',
  'AWS::Events::Rule': 'EventBridge rules',
  'AWS::CloudWatch::Alarm': 'CloudWatch alarms',
  'AWS::CloudWatch::Dashboard': 'CloudWatch dashboards',
  'AWS::SNS::Topic': 'SNS topics',
  'AWS::Logs::LogGroup': 'log groups',
  'AWS::IAM::Role': 'IAM roles',
  'AWS::Lambda::LayerVersion': 'Lambda layers',
};

/** One line per stack: its count of each notable resource type, then the total. */
export function planSummary(templates: Record<string, Template>): string[] {
  const lines: string[] = [];
  for (const [stack, template] of Object.entries(templates).sort()) {
    const counts = new Map<string, number>();
    const resources = Object.values(template.Resources ?? {});
    for (const r of resources) {
      const name = NAMES[r.Type];
      if (name) counts.set(name, (counts.get(name) ?? 0) + 1);
    }
    const parts = [...counts].map(([name, n]) => `${n} ${name}`);
    lines.push(`${stack}: ${parts.join(', ') || 'no notable resources'} (${resources.length} resources in all)`);
  }
  return lines;
}

export type StackOutputs = Record<string, Record<string, string>>;

export const outputValue = (outputs: StackOutputs, key: string): string | undefined => {
  for (const values of Object.values(outputs)) if (values[key]) return values[key];
  return undefined;
};

/** What to tell the operator after a deploy: where the app is, and how to make its first Admin. */
export function outputsSummary(outputs: StackOutputs, region = 'us-east-1'): string[] {
  const web = outputValue(outputs, 'WebUrl');
  const pool = outputValue(outputs, 'UserPoolId');
  const lines = [
    `App URL:        ${web ?? '(no WebUrl output: was SqlscapeWeb deployed?)'}`,
    `API URL:        ${outputValue(outputs, 'ApiUrl') ?? '-'}`,
    `WebSocket URL:  ${outputValue(outputs, 'WebSocketUrl') ?? '-'}`,
    `User pool:      ${pool ?? '-'} (client ${outputValue(outputs, 'UserPoolClientId') ?? '-'})`,
    `Alarm topic:    ${outputValue(outputs, 'AlarmTopicArn') ?? '-'}`,
    '',
    'Create the first Admin (self sign-up is off; the password needs 8+ characters with upper and lower case, a digit and a symbol):',
  ];
  const p = pool ?? '<UserPoolId>';
  lines.push(
    `  aws cognito-idp admin-create-user --region ${region} --user-pool-id ${p} --username admin \\`,
    `    --user-attributes Name=email,Value=<you@example.com> Name=email_verified,Value=true Name=custom:user_id,Value=1 --message-action SUPPRESS`,
    `  aws cognito-idp admin-set-user-password --region ${region} --user-pool-id ${p} --username admin --password '<password>' --permanent`,
    `  aws cognito-idp admin-add-user-to-group --region ${region} --user-pool-id ${p} --username admin --group-name Admin`,
    `Then sign in at ${web ?? '<WebUrl>'} (more users and roles: infra/aws/README.md, "The first users").`,
  );
  return lines;
}
