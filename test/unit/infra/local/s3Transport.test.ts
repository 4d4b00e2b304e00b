// The in-process S3 transport against the real edge (s3rver in this process): what the SDK writes
// without a socket is what a signed HTTP client reads back through the edge, and the other way round;
// errors keep S3's shape (NoSuchKey, NoSuchBucket); bodies may be strings, bytes or streams.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CreateBucketCommand,
  DeleteBucketCommand,
  DeleteBucketCorsCommand,
  GetBucketCorsCommand,
  PutBucketCorsCommand,
  DeleteObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { startEdge, type Edge } from '../../../../infra/local/edge';
import { Connections } from '../../../../infra/local/gateway/connections';
import { s3Blobs } from '../../../../functions/ports/blobs';

const region = 'us-east-1';
const bucket = 'transport-test';

describe('in-process S3 transport', () => {
  let edge: Edge;
  let dataDir: string;
  let inProcess: S3Client;
  let overHttp: S3Client;

  beforeAll(async () => {
    process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
    dataDir = mkdtempSync(join(tmpdir(), 'sqlscape-s3t-'));
    edge = await startEdge({ dataDir, port: 0, host: '127.0.0.1', region, connections: new Connections(), emulate: true });
    // Checksums as the functions' client asks for them (functions/ports/awsClients.ts). The in-process
    // client names an endpoint where nothing listens: it never opens a socket.
    const base = { region, forcePathStyle: true, requestChecksumCalculation: 'WHEN_REQUIRED', responseChecksumValidation: 'WHEN_REQUIRED' } as const;
    inProcess = new S3Client({ ...base, endpoint: 'http://127.0.0.1:9', ...edge.s3Transport! });
    overHttp = new S3Client({ ...base, endpoint: edge.url, credentials: { accessKeyId: 'local', secretAccessKey: 'local' } });
    await inProcess.send(new CreateBucketCommand({ Bucket: bucket }));
  });
  afterAll(async () => {
    await edge?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('writes and reads objects that HTTP clients of the edge see, with their type and length', async () => {
    const text = `{"rows":[${'"é",'.repeat(50_000)}"end"]}`;
    await inProcess.send(new PutObjectCommand({ Bucket: bucket, Key: 'a/b c.json', Body: text, ContentType: 'application/json' }));
    const viaHttp = await overHttp.send(new GetObjectCommand({ Bucket: bucket, Key: 'a/b c.json' }));
    expect(await viaHttp.Body!.transformToString()).toBe(text);
    expect(viaHttp.ContentType).toBe('application/json');

    await overHttp.send(new PutObjectCommand({ Bucket: bucket, Key: 'from-http', Body: Buffer.from([0, 1, 2, 255]) }));
    const got = await inProcess.send(new GetObjectCommand({ Bucket: bucket, Key: 'from-http' }));
    expect([...(await got.Body!.transformToByteArray())]).toEqual([0, 1, 2, 255]);
    const head = await inProcess.send(new HeadObjectCommand({ Bucket: bucket, Key: 'a/b c.json' }));
    expect(head.ContentLength).toBe(Buffer.byteLength(text));
    expect(head.ETag).toBe(viaHttp.ETag);
  });

  it('sends stream bodies and lists and deletes (one and many)', async () => {
    await inProcess.send(new PutObjectCommand({ Bucket: bucket, Key: 'list/1', Body: Readable.from([Buffer.from('one')]), ContentLength: 3 }));
    await inProcess.send(new PutObjectCommand({ Bucket: bucket, Key: 'list/2', Body: new Uint8Array([50]) }));
    await inProcess.send(new PutObjectCommand({ Bucket: bucket, Key: 'list/3', Body: '3' }));
    const listed = await inProcess.send(new ListObjectsV2Command({ Bucket: bucket, Prefix: 'list/' }));
    expect(listed.Contents?.map((o) => [o.Key, o.Size])).toEqual([['list/1', 3], ['list/2', 1], ['list/3', 1]]);
    expect(await (await inProcess.send(new GetObjectCommand({ Bucket: bucket, Key: 'list/1' }))).Body!.transformToString()).toBe('one');

    await inProcess.send(new DeleteObjectCommand({ Bucket: bucket, Key: 'list/3' }));
    const deleted = await inProcess.send(new DeleteObjectsCommand({ Bucket: bucket, Delete: { Objects: [{ Key: 'list/1' }, { Key: 'list/2' }] } }));
    expect(deleted.Deleted?.map((d) => d.Key).sort()).toEqual(['list/1', 'list/2']);
    expect((await overHttp.send(new ListObjectsV2Command({ Bucket: bucket, Prefix: 'list/' }))).KeyCount).toBe(0);
  });

  it("answers S3's errors: a missing key is NoSuchKey (the blobs port's null), a missing bucket NoSuchBucket", async () => {
    await expect(inProcess.send(new GetObjectCommand({ Bucket: bucket, Key: 'missing' }))).rejects.toMatchObject({ name: 'NoSuchKey', $metadata: { httpStatusCode: 404 } });
    expect(await s3Blobs(inProcess, bucket).get('missing')).toBeNull();
    await expect(inProcess.send(new PutObjectCommand({ Bucket: 'no-such-bucket', Key: 'k', Body: 'x' }))).rejects.toMatchObject({ name: 'NoSuchBucket' });
  });

  it('sees buckets created and deleted either way at once (the store keeps buckets in memory)', async () => {
    const put = (client: S3Client) => client.send(new PutObjectCommand({ Bucket: 'later', Key: 'k', Body: 'x' }));
    await expect(put(inProcess)).rejects.toMatchObject({ name: 'NoSuchBucket' });
    await overHttp.send(new CreateBucketCommand({ Bucket: 'later' }));
    await put(inProcess);
    await inProcess.send(new DeleteObjectCommand({ Bucket: 'later', Key: 'k' }));
    await inProcess.send(new DeleteBucketCommand({ Bucket: 'later' }));
    await expect(put(overHttp)).rejects.toMatchObject({ name: 'NoSuchBucket' });
    await expect(put(inProcess)).rejects.toMatchObject({ name: 'NoSuchBucket' });
  });

  it('applies bucket CORS written either way at once (the store keeps bucket configurations in memory)', async () => {
    const preflight = () =>
      fetch(`${edge.url}/${bucket}/a/b%20c.json`, { method: 'OPTIONS', headers: { origin: 'http://app.test', 'access-control-request-method': 'GET' } });
    expect((await preflight()).status).toBe(403);
    const rules = { CORSRules: [{ AllowedOrigins: ['http://app.test'], AllowedMethods: ['GET'] }] };
    await overHttp.send(new PutBucketCorsCommand({ Bucket: bucket, CORSConfiguration: rules }));
    expect((await inProcess.send(new GetBucketCorsCommand({ Bucket: bucket }))).CORSRules?.[0].AllowedOrigins).toEqual(['http://app.test']);
    const allowed = await preflight();
    expect(allowed.status).toBe(200);
    expect(allowed.headers.get('access-control-allow-methods')).toMatch(/GET/);

    await inProcess.send(new DeleteBucketCorsCommand({ Bucket: bucket }));
    await expect(overHttp.send(new GetBucketCorsCommand({ Bucket: bucket }))).rejects.toMatchObject({ name: 'NoSuchCORSConfiguration' });
    expect((await preflight()).status).toBe(403);
  });
});
