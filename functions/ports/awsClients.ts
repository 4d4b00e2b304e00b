// AWS SDK clients. The SDK reads AWS_ENDPOINT_URL (and AWS_ENDPOINT_URL_<SERVICE>) itself, so the
// same code talks to AWS, LocalStack or infra/local without a branch. Each is captured by Powertools
// Tracer (X-Ray subsegments per call in Lambda; the client untouched elsewhere) and names its caller
// where a host asks for it (invoker.ts: the local cloud checks each call against the caller's role).
// Every AWS client of the functions is made here.
import { DynamoDBClient, type DynamoDBClientConfig } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { S3Client, type S3ClientConfig } from '@aws-sdk/client-s3';
import { SQSClient } from '@aws-sdk/client-sqs';
import { KMSClient } from '@aws-sdk/client-kms';
import { ApiGatewayManagementApiClient } from '@aws-sdk/client-apigatewaymanagementapi';
import { SESv2Client } from '@aws-sdk/client-sesv2';
import { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import { FUNCTION_ENV } from '../../shared/resources/index';
import { captureClient } from '../observability/tracer';
import { nameInvoker } from './invoker';

const region = () => process.env.AWS_REGION ?? process.env.AWS_DEFAULT_REGION ?? 'us-east-1';

// cacheMiddleware: the SDK resolves a command class's middleware stack once per client instead of on
// every send (nothing here changes a client's stack after it is built; Tracer's capture comes first).
// Not for DynamoDB: lib-dynamodb's commands return a handler bound to their own first instance, so a
// cached one would resend that command's input.
const cacheMiddleware = true;

/** `transport`: how requests travel and are signed (the local cloud hands them to its emulator in-process). */
export const makeDocumentClient = (transport?: Pick<DynamoDBClientConfig, 'requestHandler' | 'httpAuthSchemes' | 'credentials'>) =>
  DynamoDBDocumentClient.from(captureClient(nameInvoker(new DynamoDBClient({ region: region(), ...transport }))), {
    marshallOptions: { removeUndefinedValues: true, convertClassInstanceToMap: true },
  });

/** `transport`: as for DynamoDB (the local cloud hands requests to its S3 emulator in-process). */
export const makeS3Client = (transport?: Pick<S3ClientConfig, 'requestHandler' | 'httpAuthSchemes' | 'credentials'>) =>
  captureClient(nameInvoker(new S3Client({
    region: region(),
    cacheMiddleware,
    ...transport,
    forcePathStyle: process.env[FUNCTION_ENV.s3ForcePathStyle] === '1',
    // Results are written once and read back whole; a checksum over every multi-MB body costs CPU
    // on the hot path for no gain over TLS, so only compute one when S3 demands it.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  })));

export const makeSqsClient = () => captureClient(nameInvoker(new SQSClient({ region: region(), cacheMiddleware })));

export const makeKmsClient = () => captureClient(nameInvoker(new KMSClient({ region: region() })));

export const makeManagementClient = (endpoint: string) => captureClient(nameInvoker(new ApiGatewayManagementApiClient({ region: region(), endpoint })));

export const makeSesClient = () => captureClient(nameInvoker(new SESv2Client({ region: region() })));

export const makeCognitoClient = () => captureClient(nameInvoker(new CognitoIdentityProviderClient({ region: region() })));
