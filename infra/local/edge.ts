// The single AWS endpoint of the local cloud (AWS_ENDPOINT_URL), like LocalStack's edge port: it tells
// services apart by request shape. DynamoDB calls carry `X-Amz-Target: DynamoDB_20120810.*`, SQS calls
// `X-Amz-Target: AmazonSQS.*`, the WebSocket management API lives under `/@connections/`, SES v2 under
// `/v2/email/` (messages kept in .data/ses), and everything else is S3 (path-style). dynalite (in memory, journaled: dynamoStore.ts) answers in this process;
// so does s3rver: its Koa request listener gets the edge's requests directly (it also listens on a
// private port, which nothing calls). The functions' own DynamoDB and S3 clients skip the edge's
// socket altogether (dynamoTransport.ts, s3Transport.ts). With a guard (the local IAM, iam/awsGuard.ts)
// every request a function sends, in-process or over HTTP, is checked against its role first.
import { Readable } from 'node:stream';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import S3rver from 's3rver';
import S3Object from 's3rver/lib/models/object';
import { acceptPresigned } from './presignedUrls';
import { BodyTooLargeError, readBody } from './http/body';
import { INVOKER_HEADER } from '../../functions/ports/invoker';
import type { AwsGuard, LocalAnswer } from './iam/awsGuard';
import { inProcessDynamoTransport } from './dynamoTransport';
import { inProcessS3Transport } from './s3Transport';
import { cacheBucketState, s3rverListener } from './s3rverInProcess';
import { keepObjects } from './s3rverObjects';
import { openDynamoStore, type DynamoStore } from './dynamoStore';
import { QueueStore } from './sqs/queueStore';
import { handleSqs, isSqsRequest } from './sqs/sqsApi';
import { handleSes, isSesRequest } from './ses/sesApi';
import { handleManagement, isManagementRequest, type Connections } from './gateway/connections';

export interface EdgeOptions {
  dataDir: string;
  port: number;
  host: string;
  region: string;
  connections: Connections;
  /** false when AWS_ENDPOINT_URL points elsewhere: only the management API is served then. */
  emulate: boolean;
  /** Checks the functions' requests against their roles (none: every request is allowed). */
  guard?: AwsGuard;
}

export interface Edge {
  url: string;
  port: number;
  /** DynamoDB client settings that hand requests to dynalite without a socket (null when not emulating). */
  dynamoTransport: ReturnType<typeof inProcessDynamoTransport> | null;
  /** S3 client settings that hand requests to s3rver without a socket (null when not emulating). */
  s3Transport: ReturnType<typeof inProcessS3Transport> | null;
  /** SQS receives long-polling now (0 when not emulating): what a test waits for before sending. */
  pendingReceives(): number;
  close(): Promise<void>;
}

const listen = (server: Server, port: number, host: string) =>
  new Promise<number>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve((server.address() as AddressInfo).port);
    });
  });

const closeServer = (server: Server) =>
  new Promise<void>((resolve, reject) => {
    server.close((error) => (error ? reject(error) : resolve()));
    server.closeAllConnections();
  });

interface Emulators {
  dynamo: DynamoStore;
  s3: S3rver;
  /** s3rver's request listener: a proxy hop to its port would copy every result object through two more sockets. */
  s3Listener: (req: IncomingMessage, res: ServerResponse) => void;
  queues: QueueStore;
}

async function startEmulators(dataDir: string, region: string): Promise<Emulators> {
  const dynamo = await openDynamoStore(join(dataDir, 'dynamodb'));
  const s3 = new S3rver({ port: 0, address: '127.0.0.1', directory: join(dataDir, 's3'), silent: true });
  cacheBucketState(s3.store);
  keepObjects(s3.store, S3Object);
  await s3.run();
  return {
    dynamo,
    s3,
    s3Listener: s3rverListener(s3, true),
    queues: new QueueStore(join(dataDir, 'sqs'), region),
  };
}

/** DynamoDB items are 400 KB at most, SQS messages 256 KB, SES v2 messages 40 MB. */
const MAX_GUARDED_BODY = 41 * 1024 * 1024;

/** A denied request's answer; its body is drained first, so the client reads the answer, not a reset. */
function answer(req: IncomingMessage, res: ServerResponse, denied: LocalAnswer) {
  req.resume();
  res.writeHead(denied.statusCode, denied.headers).end(denied.body);
}

/** The request again, its body (already read) served from memory. */
function replay(req: IncomingMessage, body: Buffer): IncomingMessage {
  return Object.assign(Readable.from(body.length ? [body] : []), { method: req.method, url: req.url, headers: req.headers, socket: req.socket }) as unknown as IncomingMessage;
}

export async function startEdge(options: EdgeOptions): Promise<Edge> {
  const emulators = options.emulate ? await startEmulators(options.dataDir, options.region) : null;
  let baseUrl = '';

  const { guard } = options;
  const method = (req: IncomingMessage) => req.method ?? 'GET';
  const url = (req: IncomingMessage) => req.url ?? '/';

  const dispatch = async (incoming: IncomingMessage, res: ServerResponse) => {
    if (isManagementRequest(incoming)) {
      const denied = guard?.management(method(incoming), url(incoming), incoming.headers);
      return denied ? answer(incoming, res, denied) : handleManagement(options.connections, incoming, res);
    }
    if (!emulators) {
      res.writeHead(404, { 'content-type': 'application/json' }).end(JSON.stringify({ message: 'Not Found' }));
      return;
    }
    const target = String(incoming.headers['x-amz-target'] ?? '');
    const service = target.startsWith('DynamoDB_') ? 'dynamo' : isSqsRequest(incoming) ? 'sqs' : isSesRequest(incoming) ? 'ses' : 's3';
    // A function's DynamoDB, SQS and SES requests name their resource in the body: read it for the guard,
    // then hand the emulator a request that replays it.
    let req = incoming;
    if (guard && service !== 's3' && incoming.headers[INVOKER_HEADER]) {
      const body = await readBody(incoming, MAX_GUARDED_BODY);
      const text = body.toString('utf8');
      const denied =
        service === 'dynamo' ? guard.dynamo(incoming.headers, text) : service === 'sqs' ? guard.sqs(incoming.headers, text) : guard.ses(method(incoming), url(incoming), incoming.headers, text);
      if (denied) return answer(incoming, res, denied);
      req = replay(incoming, body);
    }
    // Handed to dynalite's own request listener in this process: a second HTTP hop per DynamoDB call
    // would cost more than the call itself on the query hot path.
    if (service === 'dynamo') return void emulators.dynamo.listener(req, res);
    if (service === 'sqs') return handleSqs(emulators.queues, baseUrl, req, res);
    if (service === 'ses') return handleSes(join(options.dataDir, 'ses'), req, res);
    const denied = guard?.s3(method(req), url(req), req.headers);
    if (denied) return answer(req, res, denied);
    // s3rver checks signatures against its own fixed key pair; ours are signed with whatever keys
    // the caller has, so send them unsigned (s3rver then treats them as anonymous and allows them).
    if (!acceptPresigned(req, res)) return;
    delete req.headers.authorization;
    return emulators.s3Listener(req, res);
  };

  const server = createServer((req, res) => {
    dispatch(req, res).catch((error) => {
      const status = error instanceof BodyTooLargeError ? 413 : 500;
      if (status === 500) console.error('[local edge]', error);
      if (!res.headersSent) res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ message: status === 413 ? 'Request Entity Too Large' : 'Internal error' }));
    });
  });
  // Long polls last 20 s; the default request timeouts would not cut them, but keep-alive must outlast them.
  server.keepAliveTimeout = 65_000;
  const port = await listen(server, options.port, options.host);
  baseUrl = `http://127.0.0.1:${port}`;

  return {
    url: baseUrl,
    port,
    dynamoTransport: emulators ? inProcessDynamoTransport(emulators.dynamo.listener, guard) : null,
    s3Transport: emulators ? inProcessS3Transport(emulators.s3Listener, guard) : null,
    pendingReceives: () => emulators?.queues.waiters.size ?? 0,
    async close() {
      await emulators?.queues.close();
      await closeServer(server);
      if (!emulators) return;
      await emulators.s3.close();
      await emulators.dynamo.close();
    },
  };
}
