// Objects the edge's s3rver keeps in memory (infra/local/s3rverObjects.ts): what the functions write
// in-process is on disk in s3rver's layout at once (a fresh edge on the same folder, and HTTP clients,
// read it back), ranges and conditional reads answer as S3 does, and a delete, an overwrite through
// HTTP or a copy onto a kept key is never answered from a stale copy; an object over the kept size is
// whole on disk when its PUT is answered, and objects evicted past the budget are read from disk.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CopyObjectCommand, CreateBucketCommand, DeleteObjectCommand, GetObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { startEdge, type Edge } from '../../../../infra/local/edge';
import { Connections } from '../../../../infra/local/gateway/connections';
import { KEPT_BYTES_BUDGET, KEPT_OBJECT_MAX_BYTES } from '../../../../infra/local/s3rverObjects';

const region = 'us-east-1';
const bucket = 'kept-test';
const base = { region, forcePathStyle: true, requestChecksumCalculation: 'WHEN_REQUIRED', responseChecksumValidation: 'WHEN_REQUIRED' } as const;

describe('objects kept in memory by the local S3', () => {
  let edge: Edge;
  let dataDir: string;
  let inProcess: S3Client;
  let overHttp: S3Client;

  const start = async () => {
    edge = await startEdge({ dataDir, port: 0, host: '127.0.0.1', region, connections: new Connections(), emulate: true });
    inProcess = new S3Client({ ...base, endpoint: 'http://127.0.0.1:9', ...edge.s3Transport! });
    overHttp = new S3Client({ ...base, endpoint: edge.url, credentials: { accessKeyId: 'local', secretAccessKey: 'local' } });
  };
  const read = async (client: S3Client, key: string, extra: { Range?: string } = {}) => {
    const out = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key, ...extra }));
    return { text: await out.Body!.transformToString(), type: out.ContentType, length: out.ContentLength, etag: out.ETag, range: out.ContentRange };
  };
  const put = (client: S3Client, key: string, body: string | Buffer, type = 'application/json') =>
    client.send(new PutObjectCommand({ Bucket: bucket, Key: key, Body: body, ContentType: type }));

  beforeAll(async () => {
    process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
    dataDir = mkdtempSync(join(tmpdir(), 'sqlscape-kept-'));
    await start();
    await inProcess.send(new CreateBucketCommand({ Bucket: bucket }));
  });
  afterAll(async () => {
    await edge?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("writes in s3rver's layout at once and answers ranges and If-None-Match as S3 does", async () => {
    await put(inProcess, 'r/one.json', '{"a":"0123456789"}');
    // On disk before the answer: the object, its MD5 and its metadata, as s3rver writes them.
    const folder = join(dataDir, 's3', bucket, 'r');
    expect(readFileSync(join(folder, 'one.json._S3rver_object'), 'utf8')).toBe('{"a":"0123456789"}');
    expect(JSON.parse(readFileSync(join(folder, 'one.json._S3rver_metadata.json'), 'utf8'))).toEqual({ 'content-type': 'application/json' });

    const whole = await read(inProcess, 'r/one.json');
    expect(whole).toMatchObject({ text: '{"a":"0123456789"}', type: 'application/json', length: 18 });
    expect(await read(overHttp, 'r/one.json')).toMatchObject({ text: whole.text, etag: whole.etag });
    expect(readFileSync(join(folder, 'one.json._S3rver_object.md5'), 'utf8')).toBe(JSON.parse(whole.etag!));

    expect(await read(inProcess, 'r/one.json', { Range: 'bytes=6-15' })).toMatchObject({ text: '0123456789', range: 'bytes 6-15/18' });
    expect(await read(inProcess, 'r/one.json', { Range: 'bytes=10-' })).toMatchObject({ text: '456789"}', range: 'bytes 10-17/18' });
    await expect(read(inProcess, 'r/one.json', { Range: 'bytes=40-50' })).rejects.toMatchObject({ name: 'InvalidRange' });
    await expect(inProcess.send(new GetObjectCommand({ Bucket: bucket, Key: 'r/one.json', IfNoneMatch: whole.etag }))).rejects.toMatchObject({
      $metadata: { httpStatusCode: 304 },
    });
  });

  it('never answers from a stale copy: overwritten over HTTP, copied onto, deleted', async () => {
    await put(inProcess, 'r/two', 'first');
    expect((await read(inProcess, 'r/two')).text).toBe('first');
    await put(overHttp, 'r/two', 'second, over HTTP', 'text/plain');
    expect(await read(inProcess, 'r/two')).toMatchObject({ text: 'second, over HTTP', type: 'text/plain' });

    await put(inProcess, 'r/source', 'the source');
    await inProcess.send(new CopyObjectCommand({ Bucket: bucket, Key: 'r/two', CopySource: `${bucket}/r/source` }));
    expect((await read(inProcess, 'r/two')).text).toBe('the source');

    await inProcess.send(new DeleteObjectCommand({ Bucket: bucket, Key: 'r/two' }));
    await expect(read(inProcess, 'r/two')).rejects.toMatchObject({ name: 'NoSuchKey' });
    await expect(read(overHttp, 'r/two')).rejects.toMatchObject({ name: 'NoSuchKey' });
  });

  it('writes an object over the kept size whole before answering, and reads evicted objects from disk', async () => {
    // s3rver's own PUT answered before its file was written: this read then saw 4 of the 8 MB.
    const big = Buffer.alloc(KEPT_OBJECT_MAX_BYTES + 1, 'b');
    await put(inProcess, 'r/big', big, 'application/octet-stream');
    expect((await read(inProcess, 'r/big')).length).toBe(big.length);

    // Enough objects to pass the budget: the first ones are no longer kept and come from disk.
    const size = 4 * 1024 * 1024;
    const count = Math.ceil(KEPT_BYTES_BUDGET / size) + 2;
    for (let i = 0; i < count; i++) await put(inProcess, `r/fill-${i}`, Buffer.alloc(size, String(i % 10)), 'application/octet-stream');
    const first = await read(inProcess, 'r/fill-0');
    expect(first.length).toBe(size);
    expect(first.text.slice(0, 3)).toBe('000');
  });

  it('keeps what it wrote across a restart on the same folder (s3rver reads it from disk)', async () => {
    await put(inProcess, 'r/kept', `{"before":"${'x'.repeat(5000)}"}`);
    // Rewritten in place: the shorter object must not keep the longer one's tail on disk.
    await put(inProcess, 'r/kept', '{"after":"restart"}');
    await edge.close();
    await start();
    expect(await read(inProcess, 'r/kept')).toMatchObject({ text: '{"after":"restart"}', type: 'application/json' });
  });
});
