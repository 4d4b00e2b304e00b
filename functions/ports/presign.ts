// Presigned S3 GET URLs (query-string SigV4), signed with the S3 client's own credentials and region:
// a results file too large for a function's answer is handed to the browser as a link instead.
// Path-style against a custom endpoint (AWS_ENDPOINT_URL: the local cloud, LocalStack), virtual-hosted
// against AWS.
import { createHash, createHmac, type Hash, type Hmac } from 'node:crypto';
import type { S3Client } from '@aws-sdk/client-s3';
import { SignatureV4 } from '@smithy/signature-v4';

type SourceData = string | ArrayBuffer | ArrayBufferView;

const bytesOf = (data: SourceData): Buffer =>
  typeof data === 'string'
    ? Buffer.from(data, 'utf8')
    : ArrayBuffer.isView(data)
      ? Buffer.from(data.buffer, data.byteOffset, data.byteLength)
      : Buffer.from(data);

class Sha256 {
  private hash: Hash | Hmac;
  constructor(private secret?: SourceData) {
    this.hash = this.create();
  }
  private create() {
    return this.secret ? createHmac('sha256', bytesOf(this.secret)) : createHash('sha256');
  }
  update(data: SourceData) {
    this.hash.update(bytesOf(data));
  }
  async digest() {
    return new Uint8Array(this.hash.digest());
  }
  reset() {
    this.hash = this.create();
  }
}

const encodeKey = (key: string) => key.split('/').map(encodeURIComponent).join('/');

export async function presignGetObject(
  client: S3Client,
  bucket: string,
  key: string,
  options: { expiresSec: number; fileName?: string },
): Promise<string> {
  const region = await client.config.region();
  const custom = process.env.AWS_ENDPOINT_URL_S3 ?? process.env.AWS_ENDPOINT_URL;
  const base = custom ? new URL(custom) : new URL(`https://${bucket}.s3.${region}.amazonaws.com`);
  const path = custom ? `${base.pathname.replace(/\/$/, '')}/${bucket}/${encodeKey(key)}` : `/${encodeKey(key)}`;
  const query: Record<string, string> = {};
  if (options.fileName) query['response-content-disposition'] = `attachment; filename="${options.fileName.replace(/"/g, '')}"`;
  const signer = new SignatureV4({ credentials: client.config.credentials, region, service: 's3', sha256: Sha256, uriEscapePath: false, applyChecksum: false });
  const signed = await signer.presign(
    { method: 'GET', protocol: base.protocol, hostname: base.hostname, port: base.port ? Number(base.port) : undefined, path, query, headers: { host: base.host } },
    { expiresIn: options.expiresSec },
  );
  const url = new URL(`${base.protocol}//${base.host}${path}`);
  for (const [name, value] of Object.entries(signed.query ?? {})) url.searchParams.set(name, Array.isArray(value) ? value.join(',') : String(value));
  return url.toString();
}
