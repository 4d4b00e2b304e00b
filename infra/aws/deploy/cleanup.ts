// The stateful stack retains its data when CloudFormation deletes it (RemovalPolicy.RETAIN on tables,
// buckets, the user pool and the database passwords key): `npm run destroy -- --remove-data` deletes those afterwards, with these
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
      case 'AWS::KMS::Key':
        // KMS deletes a key only after a waiting period (7 days at least); until then it can be cancelled.
        commands.push(['aws', 'kms', 'schedule-key-deletion', '--region', region, '--key-id', id, '--pending-window-in-days', '7']);
        break;
    }
  }
  return commands;
}
