// Everything that holds data: tables, the results and examples buckets, the queues with their
// dead-letter queues, the user pool and the key of stored database passwords. Kept apart so the stateless stacks can be destroyed and
// redeployed freely; tables, buckets and the user pool are retained even if this stack is deleted.
import { CfnOutput, Duration, RemovalPolicy, Stack, type StackProps } from 'aws-cdk-lib';
import * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as kms from 'aws-cdk-lib/aws-kms';
import * as s3 from 'aws-cdk-lib/aws-s3';
import * as s3deploy from 'aws-cdk-lib/aws-s3-deployment';
import * as sqs from 'aws-cdk-lib/aws-sqs';
import { existsSync } from 'node:fs';
import { basename, dirname } from 'node:path';
import type { Construct } from 'constructs';
import { Auth } from './Auth';
import { acknowledgeBucketDeploymentHandler } from './bucketDeploymentNag';
import { logBucket } from './accessLogs';
import type { FunctionContext } from './AppFunction';
import type { HandlerEntry } from './handlerEntries';
import { BUCKETS, EXAMPLES, QUEUES, TABLES, keyAttributeType, visibilityTimeoutSeconds, type QueueDef, type QueueName, type TableDef, type TableName } from '../../shared/resources/index';

/** How long a dead-lettered message is kept for its drainer and for people to inspect: SQS's maximum. */
export const DLQ_RETENTION = Duration.days(14);
/** The dead-letter drainer's timeout; its queue's visibility timeout is 6x this, like the main queues. */
export const DEAD_LETTER_WORKER_TIMEOUT_SECONDS = 60;

export interface StatefulStackProps extends StackProps {
  context: FunctionContext;
  /** The Cognito pre-token-generation trigger (infra/aws/triggers), bundled with the handlers. */
  trigger: HandlerEntry;
  /** The examples DuckDB file to upload, when it exists. */
  examplesFile: string;
  warn?: (message: string) => void;
}

export class StatefulStack extends Stack {
  readonly tables: Record<TableName, dynamodb.Table>;
  readonly queues: Record<QueueName, { queue: sqs.Queue; dlq: sqs.Queue; def: QueueDef }>;
  readonly resultsBucket: s3.Bucket;
  readonly examplesBucket: s3.Bucket;
  /** Wraps the data keys of stored database passwords (functions/secrets); retained with the table. */
  readonly databaseKey: kms.Key;
  readonly auth: Auth;

  constructor(scope: Construct, id: string, props: StatefulStackProps) {
    super(scope, id, props);
    this.tables = mapValues(TABLES, (def, key) => this.table(key, def));
    this.queues = mapValues(QUEUES, (def, key) => this.queue(key, def));
    const accessLogs = logBucket(this, 'AccessLogsBucket');
    this.resultsBucket = privateBucket(this, 'ResultsBucket', [{ id: 'expire-results', expiration: Duration.days(BUCKETS.results.expirationDays) }], accessLogs);
    // Its own bucket, because the results bucket's expiration would delete the examples a week after upload.
    this.examplesBucket = privateBucket(this, 'ExamplesBucket', [], accessLogs);
    if (existsSync(props.examplesFile)) {
      new s3deploy.BucketDeployment(this, 'ExamplesDeployment', {
        sources: [s3deploy.Source.asset(dirname(props.examplesFile), { exclude: ['*', `!${basename(props.examplesFile)}`] })],
        destinationBucket: this.examplesBucket,
        destinationKeyPrefix: dirname(EXAMPLES.s3Key) + '/',
        prune: false,
        memoryLimit: 1024,
      });
      acknowledgeBucketDeploymentHandler(this);
    } else {
      (props.warn ?? console.warn)(`[infra] ${props.examplesFile} not found: the examples database is not uploaded (run npm start once to build it)`);
    }
    this.auth = new Auth(this, 'Auth', { context: props.context, trigger: props.trigger });
    // Retained like the table: without it the saved connections' passwords cannot be opened again.
    this.databaseKey = new kms.Key(this, 'DatabasePasswordsKey', {
      description: 'sqlscape: wraps the data keys of stored database connection passwords',
      enableKeyRotation: true,
      removalPolicy: RemovalPolicy.RETAIN,
    });

    new CfnOutput(this, 'UserPoolId', { value: this.auth.userPool.userPoolId });
    new CfnOutput(this, 'UserPoolClientId', { value: this.auth.client.userPoolClientId });
    new CfnOutput(this, 'ResultsBucketName', { value: this.resultsBucket.bucketName });
    new CfnOutput(this, 'ExamplesBucketName', { value: this.examplesBucket.bucketName });
    new CfnOutput(this, 'DatabasePasswordsKeyArn', { value: this.databaseKey.keyArn });
  }

  private table(key: string, def: TableDef): dynamodb.Table {
    const attr = (name: string) => ({
      name,
      type: keyAttributeType(def, name) === 'N' ? dynamodb.AttributeType.NUMBER : dynamodb.AttributeType.STRING,
    });
    const table = new dynamodb.Table(this, `${pascal(key)}Table`, {
      partitionKey: attr(def.partitionKey),
      sortKey: def.sortKey ? attr(def.sortKey) : undefined,
      billingMode: dynamodb.BillingMode.PAY_PER_REQUEST,
      pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: true },
      timeToLiveAttribute: def.ttlAttribute,
      encryption: dynamodb.TableEncryption.AWS_MANAGED,
      removalPolicy: RemovalPolicy.RETAIN,
    });
    for (const index of def.indexes) {
      table.addGlobalSecondaryIndex({
        indexName: index.name,
        partitionKey: attr(index.partitionKey),
        sortKey: index.sortKey ? attr(index.sortKey) : undefined,
        projectionType: index.keysOnly ? dynamodb.ProjectionType.KEYS_ONLY : dynamodb.ProjectionType.ALL,
      });
    }
    return table;
  }

  private queue(key: string, def: QueueDef) {
    const name = pascal(key);
    const dlq = new sqs.Queue(this, `${name}DeadLetterQueue`, {
      retentionPeriod: DLQ_RETENTION,
      visibilityTimeout: Duration.seconds(DEAD_LETTER_WORKER_TIMEOUT_SECONDS * 6),
      encryption: sqs.QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
    });
    const queue = new sqs.Queue(this, `${name}Queue`, {
      visibilityTimeout: Duration.seconds(visibilityTimeoutSeconds(def)),
      encryption: sqs.QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      deadLetterQueue: { queue: dlq, maxReceiveCount: def.maxReceiveCount },
    });
    return { queue, dlq, def };
  }
}

/** Private, encrypted, TLS-only: nothing in this app is served from S3 directly except via CloudFront. */
export function privateBucket(scope: Construct, id: string, lifecycleRules: s3.LifecycleRule[], accessLogs: s3.IBucket) {
  return new s3.Bucket(scope, id, {
    // S3 server access logs (AwsSolutions-S1), one prefix per bucket.
    serverAccessLogsBucket: accessLogs,
    serverAccessLogsPrefix: `${id}/`,
    blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
    encryption: s3.BucketEncryption.S3_MANAGED,
    enforceSSL: true,
    objectOwnership: s3.ObjectOwnership.BUCKET_OWNER_ENFORCED,
    lifecycleRules: [...lifecycleRules, { id: 'abort-incomplete-uploads', abortIncompleteMultipartUploadAfter: Duration.days(1) }],
    removalPolicy: RemovalPolicy.RETAIN,
  });
}

export const pascal = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

function mapValues<K extends string, V, R>(record: Record<K, V>, fn: (value: V, key: K) => R): Record<K, R> {
  return Object.fromEntries(Object.entries(record).map(([k, v]) => [k, fn(v as V, k as K)])) as Record<K, R>;
}
