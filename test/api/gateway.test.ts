// The local gateway itself: the JWT authorizer in front of routes, API Gateway's own error bodies,
// the SPA fallback, the WebSocket API with its management endpoint, and the AWS edge (persistence
// across restarts, SQS redrive) driven through the real AWS SDK clients.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { SignJWT } from 'jose';
import { ApiGatewayManagementApiClient, PostToConnectionCommand, GetConnectionCommand } from '@aws-sdk/client-apigatewaymanagementapi';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand, PutCommand, ScanCommand } from '@aws-sdk/lib-dynamodb';
import { GetObjectCommand, ListObjectsV2Command, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import {
  CreateQueueCommand,
  GetQueueAttributesCommand,
  GetQueueUrlCommand,
  ReceiveMessageCommand,
  SendMessageCommand,
  SetQueueAttributesCommand,
  SQSClient,
} from '@aws-sdk/client-sqs';
import { spawn } from 'node:child_process';
import { connect } from 'node:net';
import { examplesCachePath, startLocalCloud, type LocalCloud } from '../support/localCloud';
import { REPO_ROOT } from '../../infra/local/stack';
import { issueTokens } from '../../functions/platform/auth/localTokens';
import { sweep } from '../../infra/local/janitor';
import { localNames } from '../../infra/local/config';
import { until } from '../support/until';
import { ticketedSocketUrl } from '../support/wsTicket';
import { WS_TICKET_TTL_SECONDS } from '../../functions/events/wsTickets';

const region = 'us-east-1';
const credentials = { accessKeyId: 'local', secretAccessKey: 'local' };

/** Opens a WebSocket and resolves once it is open, or with the HTTP status that refused it. */
function openSocket(url: string, protocols?: string[]): Promise<{ ws?: WebSocket; refusedWith?: number; messages: string[] }> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url, protocols);
    const messages: string[] = [];
    ws.on('message', (data) => messages.push(data.toString()));
    ws.once('open', () => resolve({ ws, messages }));
    ws.once('unexpected-response', (_req, res) => resolve({ refusedWith: res.statusCode, messages }));
    ws.once('error', reject);
  });
}

describe('local gateway', () => {
  let cloud: LocalCloud;
  let token: string;

  beforeAll(async () => {
    cloud = await startLocalCloud();
    token = await cloud.login('admin', 'admin');
  });
  afterAll(() => cloud?.stop());

  it('answers 401 Unauthorized without invoking the handler when a protected route has no token', async () => {
    const res = await fetch(`${cloud.url}/api/v1/me/`);
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ message: 'Unauthorized' });
  });

  it('answers 401 for a token signed with another key, an expired token, a garbage token and a non-Bearer scheme', async () => {
    const forged = await new SignJWT({ user_id: 1, username: 'admin', 'cognito:groups': ['Admin'], token_use: 'access' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('1')
      .setIssuer('sqlscape-local')
      .setIssuedAt()
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode('not-the-secret-of-this-cloud-at-all'));
    // Right key, but issued two hours ago: access tokens live one hour.
    const { access_token: expired } = await issueTokens({ id: 1, username: 'admin', roles: ['Admin'] }, process.env.LOCAL_JWT_SECRET!, {
      nowMs: Date.now() - 2 * 3600_000,
    });
    for (const authorization of [`Bearer ${forged}`, 'Bearer not.a.jwt', `Basic ${token}`]) {
      const res = await fetch(`${cloud.url}/api/v1/me/`, { headers: { authorization } });
      expect(res.status, authorization.slice(0, 20)).toBe(401);
      expect(await res.json()).toEqual({ message: 'Unauthorized' });
    }
    // A genuine token past its time gets flask-jwt-extended's words, on which Superset clients refresh.
    const late = await fetch(`${cloud.url}/api/v1/me/`, { headers: { authorization: `Bearer ${expired}` } });
    expect(late.status).toBe(401);
    expect(await late.json()).toEqual({ msg: 'Token has expired' });
  });

  it('passes the token claims to the handler as the authorizer does, with or without the Bearer prefix', async () => {
    for (const authorization of [`Bearer ${token}`, token]) {
      const res = await fetch(`${cloud.url}/api/v1/me/`, { headers: { authorization } });
      expect(res.status).toBe(200);
      expect(res.headers.get('apigw-requestid')).toBeTruthy();
      expect(((await res.json()) as { result: { username: string } }).result.username).toBe('admin');
    }
  });

  it('answers 404 JSON for an /api path no route matches, and for a known path with the wrong method', async () => {
    for (const [method, path] of [['GET', '/api/v1/no_such_thing/'], ['DELETE', '/api/v1/me/']]) {
      const res = await fetch(`${cloud.url}${path}`, { method, headers: { authorization: `Bearer ${token}` } });
      expect(res.status).toBe(404);
      expect(res.headers.get('content-type')).toMatch(/application\/json/);
      expect(await res.json()).toEqual({ message: 'Not Found' });
    }
  });

  it('answers 400 to an unparsable request target and keeps serving', async () => {
    const raw = await new Promise<string>((resolve, reject) => {
      const socket = connect(cloud.port, '127.0.0.1', () => socket.end('GET http://[bad/ HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n'));
      let data = '';
      socket.on('data', (d) => (data += d));
      socket.on('end', () => resolve(data));
      socket.on('error', reject);
    });
    expect(raw).toMatch(/^HTTP\/1\.1 400/);
    expect((await fetch(`${cloud.url}/health`)).status).toBe(200);
  });

  it('answers 413 for a body over the 10 MB payload limit', async () => {
    const res = await fetch(`${cloud.url}/api/v1/security/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: 'x'.repeat(10 * 1024 * 1024 + 1),
    });
    expect(res.status).toBe(413);
  });

  it.skipIf(!existsSync(join(REPO_ROOT, 'dist/web/index.html')))('serves index.html for client-side routes (SPA fallback)', async () => {
    const index = readFileSync(join(REPO_ROOT, 'dist/web/index.html'), 'utf8');
    for (const path of ['/sqllab/', '/superset/dashboard/1/']) {
      const res = await fetch(`${cloud.url}${path}`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/text\/html/);
      expect(await res.text()).toBe(index);
    }
    const script = readdirSync(join(REPO_ROOT, 'dist/web/assets')).find((f) => f.endsWith('.js'));
    const asset = await fetch(`${cloud.url}/assets/${script}`, { headers: { 'accept-encoding': 'gzip' } });
    expect(asset.status).toBe(200);
    expect(asset.headers.get('content-type')).toMatch(/text\/javascript/);
    expect(asset.headers.get('cache-control')).toContain('immutable');
    expect(await asset.text()).toBe(readFileSync(join(REPO_ROOT, 'dist/web/assets', script!), 'utf8'));
    // A stale page asking for an asset of an older build gets a 404, not HTML posing as JavaScript.
    expect((await fetch(`${cloud.url}/assets/gone-1234.js`)).status).toBe(404);
  });

  it('refuses a WebSocket without a live ticket: none, a bare access token (query or subprotocol), a reused or an expired ticket', async () => {
    expect((await openSocket(`${cloud.wsUrl}`)).refusedWith).toBe(401);
    expect((await openSocket(`${cloud.wsUrl}?token=${encodeURIComponent(token)}`)).refusedWith).toBe(401);
    expect((await openSocket(cloud.wsUrl, ['sqlscape.v1', token])).refusedWith).toBe(401);
    expect((await openSocket(`${cloud.wsUrl}?ticket=${encodeURIComponent(token)}`)).refusedWith).toBe(401);
    // A ticket opens one connection; the same URL again (as read from a log) opens nothing.
    const url = await ticketedSocketUrl(cloud, token);
    const first = await openSocket(url);
    expect(first.ws).toBeDefined();
    first.ws!.close();
    expect((await openSocket(url)).refusedWith).toBe(401);
    // A ticket not used within its life is refused (the stack's clock moved past it).
    const stale = await ticketedSocketUrl(cloud, token);
    const { ports } = cloud.stack;
    const realClock = ports.clock;
    ports.clock = { now: () => realClock.now() + (WS_TICKET_TTL_SECONDS + 1) * 1000 };
    try {
      expect((await openSocket(stale)).refusedWith).toBe(401);
    } finally {
      ports.clock = realClock;
    }
    // The ticket route itself needs a signed-in user.
    expect((await fetch(`${cloud.url}/api/v1/async_event/ticket/`, { method: 'POST' })).status).toBe(401);
  });

  it('accepts a WebSocket with a ticket and delivers what is posted to /@connections/{id}', async () => {
    const { ws, messages } = await openSocket(await ticketedSocketUrl(cloud, token));
    expect(ws).toBeDefined();
    const doc = DynamoDBDocumentClient.from(new DynamoDBClient({ region, endpoint: cloud.edgeUrl, credentials }));
    const table = process.env.CONNECTIONS_TABLE!;
    const items = await until(async () => {
      const out = await doc.send(new ScanCommand({ TableName: table }));
      return out.Items?.length ? out.Items : undefined;
    }, 'the $connect handler to record the connection');
    const connectionId = items[0].connectionId as string;
    const management = new ApiGatewayManagementApiClient({ region, endpoint: cloud.edgeUrl, credentials });
    const info = await management.send(new GetConnectionCommand({ ConnectionId: connectionId }));
    expect(info.ConnectedAt).toBeInstanceOf(Date);

    await management.send(new PostToConnectionCommand({ ConnectionId: connectionId, Data: Buffer.from('{"hello":"world"}') }));
    await until(() => (messages.length ? true : undefined), 'the pushed message');
    expect(JSON.parse(messages[0])).toEqual({ hello: 'world' });

    ws!.close();
    await until(async () => {
      const out = await doc.send(new ScanCommand({ TableName: table }));
      return out.Items?.length === 0 ? true : undefined;
    }, 'the $disconnect handler to forget the connection');
    const gone = await management
      .send(new PostToConnectionCommand({ ConnectionId: connectionId, Data: Buffer.from('late') }))
      .catch((e: Error & { $metadata?: { httpStatusCode?: number } }) => e);
    expect((gone as Error).name).toBe('GoneException');
    expect((gone as { $metadata: { httpStatusCode: number } }).$metadata.httpStatusCode).toBe(410);
  });

  it('moves a message to the dead-letter queue after maxReceiveCount receives, like SQS redrive', async () => {
    const sqs = new SQSClient({ region, endpoint: cloud.edgeUrl, credentials });
    const { QueueUrl: dlq } = await sqs.send(new CreateQueueCommand({ QueueName: 'gateway-test-dlq' }));
    const { Attributes } = await sqs.send(new GetQueueAttributesCommand({ QueueUrl: dlq, AttributeNames: ['QueueArn'] }));
    const { QueueUrl: source } = await sqs.send(new CreateQueueCommand({ QueueName: 'gateway-test-source' }));
    await sqs.send(
      new SetQueueAttributesCommand({
        QueueUrl: source,
        Attributes: { RedrivePolicy: JSON.stringify({ deadLetterTargetArn: Attributes!.QueueArn, maxReceiveCount: 2 }) },
      }),
    );
    const sent = await sqs.send(new SendMessageCommand({ QueueUrl: source, MessageBody: '{"queryId":"q1"}' }));

    // Visibility 0: each receive that "fails" gives the message straight back.
    for (const expectedCount of ['1', '2']) {
      const out = await sqs.send(
        new ReceiveMessageCommand({ QueueUrl: source, VisibilityTimeout: 0, MessageSystemAttributeNames: ['All'] }),
      );
      expect(out.Messages?.[0]?.MessageId).toBe(sent.MessageId);
      expect(out.Messages?.[0]?.Attributes?.ApproximateReceiveCount).toBe(expectedCount);
    }
    const third = await sqs.send(new ReceiveMessageCommand({ QueueUrl: source, VisibilityTimeout: 0 }));
    expect(third.Messages ?? []).toHaveLength(0);
    const dead = await sqs.send(new ReceiveMessageCommand({ QueueUrl: dlq, MessageSystemAttributeNames: ['All'] }));
    expect(dead.Messages?.[0]?.Body).toBe('{"queryId":"q1"}');
    expect(dead.Messages?.[0]?.Attributes?.DeadLetterQueueSourceArn).toMatch(/:gateway-test-source$/);
  });

  it('expires items past their ttl and result objects past the bucket lifecycle, as AWS would', async () => {
    const doc = DynamoDBDocumentClient.from(new DynamoDBClient({ region, endpoint: cloud.edgeUrl, credentials }));
    const s3 = new S3Client({ region, endpoint: cloud.edgeUrl, credentials, forcePathStyle: true });
    const table = process.env.MAIN_TABLE!;
    const bucket = process.env.RESULTS_BUCKET!;
    const nowSeconds = Math.floor(Date.now() / 1000);
    await doc.send(new PutCommand({ TableName: table, Item: { pk: 'TEST#expired', sk: 'TEST', ttl: nowSeconds - 10 } }));
    await doc.send(new PutCommand({ TableName: table, Item: { pk: 'TEST#alive', sk: 'TEST', ttl: nowSeconds + 30 * 24 * 3600 } }));
    await s3.send(new PutObjectCommand({ Bucket: bucket, Key: 'janitor/old.json', Body: '{}' }));
    // Eight days from now, the 7-day lifecycle rule has expired the object just written.
    const report = await sweep(localNames(process.env.LOCAL_RESOURCE_PREFIX!), region, Date.now() + 8 * 24 * 3600_000);
    expect(report.objects).toBeGreaterThanOrEqual(1);
    expect((await doc.send(new GetCommand({ TableName: table, Key: { pk: 'TEST#expired', sk: 'TEST' } }))).Item).toBeUndefined();
    expect((await doc.send(new GetCommand({ TableName: table, Key: { pk: 'TEST#alive', sk: 'TEST' } }))).Item).toBeDefined();
    const left = await s3.send(new ListObjectsV2Command({ Bucket: bucket, Prefix: 'janitor/' }));
    expect(left.KeyCount ?? 0).toBe(0);
  });

});

describe('local cloud restart', () => {
  it('keeps DynamoDB items, S3 objects, queued messages and issued tokens across a restart', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'sqlscape-restart-'));
    try {
      const first = await startLocalCloud({ dataDir });
      const token = await first.login('gamma', 'gamma');
      const clients = (endpoint: string) => ({
        doc: DynamoDBDocumentClient.from(new DynamoDBClient({ region, endpoint, credentials })),
        s3: new S3Client({ region, endpoint, credentials, forcePathStyle: true }),
        sqs: new SQSClient({ region, endpoint, credentials }),
      });
      const before = clients(first.edgeUrl);
      const table = process.env.MAIN_TABLE!;
      const bucket = process.env.RESULTS_BUCKET!;
      await before.doc.send(new PutCommand({ TableName: table, Item: { pk: 'TEST#restart', sk: 'TEST', value: 42 } }));
      await before.s3.send(new PutObjectCommand({ Bucket: bucket, Key: 'test/restart.json', Body: '{"rows":[1]}' }));
      const { QueueUrl } = await before.sqs.send(new CreateQueueCommand({ QueueName: 'restart-test' }));
      await before.sqs.send(new SendMessageCommand({ QueueUrl, MessageBody: 'survives' }));
      await first.stop();

      const second = await startLocalCloud({ dataDir });
      try {
        expect(second.stack.cold).toBe(false);
        const after = clients(second.edgeUrl);
        const item = await after.doc.send(new GetCommand({ TableName: table, Key: { pk: 'TEST#restart', sk: 'TEST' } }));
        expect(item.Item?.value).toBe(42);
        const object = await after.s3.send(new GetObjectCommand({ Bucket: bucket, Key: 'test/restart.json' }));
        expect(await object.Body!.transformToString()).toBe('{"rows":[1]}');
        const { QueueUrl: url2 } = await after.sqs.send(new CreateQueueCommand({ QueueName: 'restart-test' }));
        const received = await after.sqs.send(new ReceiveMessageCommand({ QueueUrl: url2 }));
        expect(received.Messages?.[0]?.Body).toBe('survives');
        // The JWT secret lives in the data folder, so a token from before the restart still works.
        const me = await fetch(`${second.url}/api/v1/me/`, { headers: { authorization: `Bearer ${token}` } });
        expect(me.status).toBe(200);
      } finally {
        await second.stop();
      }
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});

describe('pointing at another AWS endpoint (as with LocalStack)', () => {
  it('starts no emulators, provisions and seeds through AWS_ENDPOINT_URL, and stops cleanly on SIGTERM', async () => {
    // This in-process cloud plays LocalStack; `npm start` in a child process is pointed at its edge.
    const aws = await startLocalCloud();
    const dataDir = await mkdtemp(join(tmpdir(), 'sqlscape-external-'));
    const child = spawn(process.execPath, ['--import', 'tsx', 'infra/local/main.ts'], {
      cwd: REPO_ROOT,
      env: {
        PATH: process.env.PATH,
        HOME: process.env.HOME,
        AWS_ENDPOINT_URL: aws.edgeUrl,
        AWS_ACCESS_KEY_ID: 'test',
        AWS_SECRET_ACCESS_KEY: 'test',
        LOCAL_RESOURCE_PREFIX: 'ext',
        LOCAL_DATA_DIR: dataDir,
        LOCAL_EXAMPLES_CACHE: examplesCachePath(),
        LOCAL_SKIP_BUILD: '1',
        PORT: '0',
        LOCAL_EDGE_PORT: '0',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
    try {
      const port = await until(() => /ready at http:\/\/localhost:(\d+)\//.exec(output)?.[1], 'the child to start', 60_000);
      expect(output).toContain(`AWS endpoint ${aws.edgeUrl}`);
      const login = await fetch(`http://127.0.0.1:${port}/api/v1/security/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: 'admin', password: 'admin' }),
      });
      expect(login.status).toBe(200);
      // Its tables and queues live in the "LocalStack", next to the host cloud's own.
      const doc = DynamoDBDocumentClient.from(new DynamoDBClient({ region, endpoint: aws.edgeUrl, credentials }));
      const users = await doc.send(new ScanCommand({ TableName: 'ext-main' }));
      expect(users.Items?.some((i) => String(i.pk).startsWith('USER#'))).toBe(true);
      const sqs = new SQSClient({ region, endpoint: aws.edgeUrl, credentials });
      const dlq = await sqs.send(new GetQueueUrlCommand({ QueueName: 'ext-queries-dlq' }));
      expect(dlq.QueueUrl).toContain(aws.edgeUrl);
      // No emulator of its own: its data folder holds only the secret, the examples and the lock.
      expect(existsSync(join(dataDir, 'dynamodb'))).toBe(false);
      child.kill('SIGTERM');
      expect(await exited).toBe(0);
      expect(output).toContain('stopped cleanly');
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL');
      await aws.stop();
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
