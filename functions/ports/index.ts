// Wires every port once per container from environment variables. Handlers call getPorts(); tests
// build their own Ports with the same factories or swap single ports.
import { TABLES, QUEUES, BUCKETS, FUNCTION_ENV, type TableName, type QueueName } from '../../shared/resources/index';
import { makeDocumentClient, makeManagementClient, makeS3Client, makeSqsClient } from './awsClients';
import { requireEnv } from './env';
import type { Tables } from './tables';
import { s3Blobs, type Blobs } from './blobs';
import { sqsQueue, type Queue } from './queue';
import { apiGatewayPush, type Push } from './push';
import { systemClock, randomIds, type Clock, type Ids } from './clock';

export interface Ports {
  tables: Tables;
  blobs: Blobs;
  queue: Queue;
  push: Push;
  clock: Clock;
  ids: Ids;
}

export interface WireOptions {
  /** Carries the DynamoDB client's requests (default: signed HTTP to the endpoint the environment names). */
  dynamoTransport?: Parameters<typeof makeDocumentClient>[0];
  /** Carries the results bucket's S3 requests (default: signed HTTP to the endpoint the environment names). */
  s3Transport?: Parameters<typeof makeS3Client>[0];
}

export function wirePorts(env: NodeJS.ProcessEnv = process.env, options: WireOptions = {}): Ports {
  const tableNames = Object.fromEntries(
    Object.entries(TABLES).map(([key, def]) => [key, requireEnv(def.env, env)]),
  ) as Record<TableName, string>;
  const tables: Tables = { doc: makeDocumentClient(options.dynamoTransport), name: (t) => tableNames[t] };
  const queueUrls = Object.fromEntries(
    Object.entries(QUEUES).map(([key, def]) => [key, requireEnv(def.env, env)]),
  ) as Record<QueueName, string>;
  return {
    tables,
    blobs: s3Blobs(makeS3Client(options.s3Transport), requireEnv(BUCKETS.results.env, env)),
    queue: sqsQueue(makeSqsClient(), queueUrls),
    push: apiGatewayPush(makeManagementClient(requireEnv(FUNCTION_ENV.wsCallbackUrl, env)), tables),
    clock: systemClock,
    ids: randomIds,
  };
}

let wired: Ports | undefined;
/** The container's ports, wired on first use. */
export const getPorts = (): Ports => (wired ??= wirePorts());
/** Replaces the wired ports (tests, and infra/local after it sets the environment). */
export const setPorts = (ports: Ports | undefined) => {
  wired = ports;
};
