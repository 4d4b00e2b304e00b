// The stateful stack retains its data when CloudFormation deletes it (RemovalPolicy.RETAIN on tables,
// buckets and the user pool): `npm run destroy -- --remove-data` deletes those afterwards, with these
// AWS CLI commands, from the stack's resource list read before the stack went.

export interface StackResource {
  ResourceType: string;
  PhysicalResourceId?: string;
  LogicalResourceId: string;
}

/** The commands that delete each retained data resource (others go with the stack). */
export function retainedDataCleanup(resources: StackResource[], region: string): string[][] {
  const commands: string[][] = [];
  for (const r of resources) {
    const id = r.PhysicalResourceId;
    if (!id) continue;
    switch (r.ResourceType) {
      case 'AWS::DynamoDB::Table':
      case 'AWS::DynamoDB::GlobalTable':
        commands.push(['aws', 'dynamodb', 'delete-table', '--region', region, '--table-name', id]);
        break;
      case 'AWS::S3::Bucket':
        // --force empties the bucket first (the buckets are not versioned).
        commands.push(['aws', 's3', 'rb', `s3://${id}`, '--force', '--region', region]);
        break;
      case 'AWS::Cognito::UserPool':
        commands.push(['aws', 'cognito-idp', 'delete-user-pool', '--region', region, '--user-pool-id', id]);
        break;
    }
  }
  return commands;
}
