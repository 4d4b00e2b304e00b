// The SDK's S3 requests, handed to s3rver's request listener (its Koa app) in this process without a
// socket, as dynamoTransport.ts does for dynalite and for the same reasons: functions run in the local
// cloud's own process, so the loopback connection carried nothing but cost (both HTTP parsers, the
// kernel's copies, and a SigV4 signature whose payload hash reads every stored byte once more; s3rver
// never checks it: the edge drops it too). The SDK still builds, serialises and parses every request
// and response through its whole middleware stack, and s3rver still routes, stores and answers them as
// it does over HTTP. Pointed at LocalStack or AWS (AWS_ENDPOINT_URL, or LOCAL_AWS=external), the
// functions use plain signed HTTP; presigned URLs (browsers) still go to the edge over HTTP.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { PassThrough, Readable, Writable } from 'node:stream';
import type { S3ClientConfig } from '@aws-sdk/client-s3';
import type { HttpRequest, HttpResponse } from '@smithy/types';
import { inProcessHandler, pathWithQuery, type InProcessHandler } from './dynamoTransport';
import type { AwsGuard } from './iam/awsGuard';

export type S3Listener = (req: IncomingMessage, res: ServerResponse) => void;

/** The parts of Node's IncomingMessage that Koa and s3rver read; the body is the stream itself. */
class InProcessRequest extends PassThrough {
  readonly httpVersion = '1.1';
  readonly httpVersionMajor = 1;
  readonly httpVersionMinor = 1;
  readonly socket = { encrypted: false, remoteAddress: '127.0.0.1', writable: true };
  readonly connection = this.socket;
  constructor(
    readonly method: string,
    readonly url: string,
    readonly headers: Record<string, string>,
  ) {
    super();
  }
}

type HeaderValue = string | number | readonly string[];

/** The parts of Node's ServerResponse that Koa and s3rver write; `end` settles the SDK's request. */
class InProcessResponse extends Writable {
  statusCode = 200;
  statusMessage = '';
  headersSent = false;
  private readonly fields = new Map<string, HeaderValue>();
  private readonly chunks: Buffer[] = [];
  constructor(private readonly done: (response: HttpResponse) => void) {
    super();
  }
  setHeader(name: string, value: HeaderValue) {
    this.fields.set(name.toLowerCase(), value);
    return this;
  }
  getHeader(name: string) {
    return this.fields.get(name.toLowerCase());
  }
  getHeaders() {
    return Object.fromEntries(this.fields);
  }
  getHeaderNames() {
    return [...this.fields.keys()];
  }
  hasHeader(name: string) {
    return this.fields.has(name.toLowerCase());
  }
  removeHeader(name: string) {
    this.fields.delete(name.toLowerCase());
  }
  writeHead(status: number, reason?: string | Record<string, HeaderValue>, headers?: Record<string, HeaderValue>) {
    this.statusCode = status;
    const fields = typeof reason === 'object' ? reason : headers;
    if (typeof reason === 'string') this.statusMessage = reason;
    for (const [name, value] of Object.entries(fields ?? {})) this.setHeader(name, value);
    this.headersSent = true;
    return this;
  }
  flushHeaders() {
    this.headersSent = true;
  }
  override _write(chunk: Buffer | string, encoding: BufferEncoding, callback: (error?: Error | null) => void) {
    this.headersSent = true;
    this.chunks.push(typeof chunk === 'string' ? Buffer.from(chunk, encoding) : chunk);
    callback();
  }
  override _final(callback: (error?: Error | null) => void) {
    this.headersSent = true;
    const headers: Record<string, string> = {};
    for (const [name, value] of this.fields) headers[name] = Array.isArray(value) ? value.join(', ') : String(value);
    // The SDK reads a body as a Node stream (GetObject's Body is one).
    const body = Readable.from(this.chunks.length ? [Buffer.concat(this.chunks)] : []);
    this.done({ statusCode: this.statusCode, headers, body });
    callback();
  }
}

/**
 * A request handler for the SDK's S3 client that calls `listener` (s3rver's) directly, after `guard`
 * (the local IAM) has let the calling function's request through.
 */
export function inProcessS3Handler(listener: S3Listener, guard?: AwsGuard): InProcessHandler {
  return inProcessHandler(
    (request, headers) =>
      new Promise((resolve, reject) => {
        headers.host ??= request.port ? `${request.hostname}:${request.port}` : request.hostname;
        const path = pathWithQuery(request);
        const denied = guard?.s3(request.method, path, headers);
        if (denied) {
          if (request.body instanceof Readable) request.body.resume();
          resolve({ statusCode: denied.statusCode, headers: denied.headers, body: Readable.from(denied.body ? [Buffer.from(denied.body, 'utf8')] : []) });
          return;
        }
        const req = new InProcessRequest(request.method, path, headers);
        const res = new InProcessResponse(resolve);
        res.on('error', reject);
        // Stand-ins with the parts of the Node classes Koa and s3rver use (see the classes above).
        listener(req as unknown as IncomingMessage, res as unknown as ServerResponse);
        // The body arrives after the listener has subscribed, as from a socket.
        const body: unknown = request.body;
        if (body instanceof Readable) {
          body.on('error', (error) => req.destroy(error));
          body.pipe(req);
        } else if (body === undefined || body === null) req.end();
        else if (typeof body === 'string') req.end(Buffer.from(body, 'utf8'));
        else if (body instanceof Uint8Array) req.end(Buffer.from(body.buffer, body.byteOffset, body.byteLength));
        else reject(new Error('In-process S3 transport: unsupported request body'));
      }),
  );
}

/** Requests go unsigned: s3rver treats them as anonymous and allows them (as the edge's do). */
const noSigner = { sign: async (request: HttpRequest) => request };

/** S3 client settings for talking to s3rver in this process. */
export function inProcessS3Transport(listener: S3Listener, guard?: AwsGuard): Pick<S3ClientConfig, 'requestHandler' | 'httpAuthSchemes' | 'credentials'> {
  const identity = { accessKeyId: 'local', secretAccessKey: 'local', expiration: undefined };
  return {
    requestHandler: inProcessS3Handler(listener, guard),
    // Presigned URLs are still signed with these (functions/ports/presign.ts); the edge checks their expiry.
    credentials: identity,
    httpAuthSchemes: ['aws.auth#sigv4', 'aws.auth#sigv4a'].map((schemeId) => ({ schemeId, identityProvider: () => async () => identity, signer: noSigner })),
  };
}
