// Access logs for what the AwsSolutions pack wants logged: the API Gateway stages (a JSON line per
// request in CloudWatch Logs) and the buckets and the CloudFront distribution (S3 server access logs
// and CloudFront standard logs into a per-stack log bucket). Each log bucket is the one thing that
// does not log itself, acknowledged here.
import { Duration, RemovalPolicy, Stack, Validations } from 'aws-cdk-lib';
import * as apigwv2 from 'aws-cdk-lib/aws-apigatewayv2';
import * as logs from 'aws-cdk-lib/aws-logs';
import * as s3 from 'aws-cdk-lib/aws-s3';
import type { Construct } from 'constructs';
import { LOG_RETENTION } from './AppFunction';

/** How long access logs are kept in the log buckets. */
export const ACCESS_LOG_DAYS = 90;

/** The access-log bucket of a stack. ACLs on (object writer): CloudFront's standard logging delivers through ACLs. */
export function logBucket(scope: Construct, id: string): s3.Bucket {
  const bucket = new s3.Bucket(scope, id, {
    blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
    encryption: s3.BucketEncryption.S3_MANAGED,
    enforceSSL: true,
    objectOwnership: s3.ObjectOwnership.OBJECT_WRITER,
    lifecycleRules: [{ id: 'expire-access-logs', expiration: Duration.days(ACCESS_LOG_DAYS) }],
    removalPolicy: RemovalPolicy.RETAIN,
  });
  Validations.of(bucket).acknowledge({
    id: 'AwsSolutions-S1',
    reason: 'This is the access-log bucket: logging its own accesses into itself would log every log delivery, forever',
  });
  return bucket;
}

const STAGE_FIELDS = {
  requestId: '$context.requestId',
  ip: '$context.identity.sourceIp',
  requestTime: '$context.requestTime',
  routeKey: '$context.routeKey',
  status: '$context.status',
  responseLength: '$context.responseLength',
  integrationLatency: '$context.integrationLatency',
  integrationError: '$context.integrationErrorMessage',
  authorizerError: '$context.authorizer.error',
};

/** A JSON access-log line per request of an API Gateway v2 stage, into its own log group. */
export function logStageAccess(stage: apigwv2.IStage, scope: Construct, id: string, extra: Record<string, string> = {}): logs.LogGroup {
  const logGroup = new logs.LogGroup(scope, id, { retention: LOG_RETENTION, removalPolicy: RemovalPolicy.DESTROY });
  const cfn = stage.node.defaultChild as apigwv2.CfnStage;
  cfn.accessLogSettings = { destinationArn: logGroup.logGroupArn, format: Stack.of(scope).toJsonString({ ...STAGE_FIELDS, ...extra }) };
  return logGroup;
}
