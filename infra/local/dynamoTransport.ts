// The SDK's DynamoDB requests, handed to dynalite's request listener in this process without a socket.
// Functions run in the local cloud's own process, so a loopback connection between them and dynalite
// carries nothing but cost: on these machines one localhost round trip takes about a millisecond, as
// much as dynalite's work on a small item. The SDK still builds and serialises every request (through
// its whole middleware stack) and parses every response; dynalite still reads the HTTP method, headers
// and body. Skipped: the bytes' trip through the kernel, and the SigV4 signature, which dynalite never
// checks (it only wants an Authorization header of the right shape, which a placeholder gives), and
// which costs a third of a millisecond per call. Pointed at LocalStack or AWS (AWS_ENDPOINT_URL, or
// LOCAL_AWS=external), the functions use plain signed HTTP. S3 has its own in-process transport
// (s3Transport.ts); SQS and @connections always go over HTTP to the edge.
import { EventEmitter } from 'node:events';
import type { DynamoDBClientConfig } from '@aws-sdk/client-dynamodb';
import type { HttpRequest, HttpResponse, RequestHandler } from '@smithy/types';
import type { AwsGuard, LocalAnswer } from './iam/awsGuard';

export type DynamoListener = (req: EventEmitter, res: object) => void;

/** The parts of Node's IncomingMessage that dynalite reads. */
class InProcessRequest extends EventEmitter {
  constructor(
    readonly method: string,
    readonly url: string,
    readonly headers: Record<string, string>,
  ) {
    super();
  }
}

/** The parts of Node's ServerResponse that dynalite writes; `end` settles the SDK's request. */
class InProcessResponse {
  statusCode = 200;
  contentType = '';
  shouldKeepAlive = true;
  readonly headers: Record<string, string> = {};
  constructor(private readonly done: (response: HttpResponse) => void) {}
  setHeader(name: string, value: string | number) {
    this.headers[name.toLowerCase()] = String(value);
  }
  getHeader(name: string) {
    return this.headers[name.toLowerCase()];
  }
  end(body?: string | Buffer) {
    const bytes = body === undefined ? new Uint8Array() : typeof body === 'string' ? Buffer.from(body, 'utf8') : body;
    this.done({ statusCode: this.statusCode, headers: this.headers, body: bytes });
  }
}

function dispatch(
  listener: DynamoListener,
  method: string,
  url: string,
  headers: Record<string, string>,
  body: Buffer | null,
  done: (response: HttpResponse) => void,
) {
  const req = new InProcessRequest(method, url, headers);
  listener(req, new InProcessResponse(done));
  // dynalite subscribes to the body synchronously; it arrives on the next turn, as from a socket.
  process.nextTick(() => {
    if (body?.length) req.emit('data', body);
    req.emit('end');
  });
}

/**
 * One DynamoDB operation on `listener`, its JSON body in and out, outside the SDK (the journal's
 * replay and export). Rejects with dynalite's error type when it answers other than 200.
 */
export function callDynalite<T = Record<string, unknown>>(listener: DynamoListener, operation: string, body: string | object): Promise<T> {
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  const headers = {
    'content-type': 'application/x-amz-json-1.0',
    'x-amz-target': `DynamoDB_20120810.${operation}`,
    'x-amz-date': '20260101T000000Z',
    authorization: PLACEHOLDER_AUTHORIZATION,
  };
  return new Promise((resolve, reject) => {
    dispatch(listener, 'POST', '/', headers, Buffer.from(text, 'utf8'), (response) => {
      const out = JSON.parse(Buffer.from(response.body as Uint8Array).toString('utf8') || '{}');
      if (response.statusCode === 200) resolve(out as T);
      else reject(Object.assign(new Error(`${operation}: ${out.__type ?? response.statusCode} ${out.message ?? ''}`.trim()), { name: String(out.__type ?? '').split('#').pop() }));
    });
  });
}

export function pathWithQuery(request: HttpRequest): string {
  const entries = Object.entries(request.query ?? {}).flatMap(([key, value]) =>
    // A key without a value (S3's `?delete`, `?uploads`) is sent bare, as the SDK's HTTP handler does.
    value === null ? [encodeURIComponent(key)] : (Array.isArray(value) ? value : [value]).map((v) => `${encodeURIComponent(key)}=${encodeURIComponent(v)}`),
  );
  return entries.length ? `${request.path}?${entries.join('&')}` : request.path;
}

function bodyBytes(body: unknown): Buffer | null {
  if (body === undefined || body === null) return null;
  if (typeof body === 'string') return Buffer.from(body, 'utf8');
  if (body instanceof Uint8Array) return Buffer.from(body.buffer, body.byteOffset, body.byteLength);
  throw new Error('In-process DynamoDB transport: streamed request bodies are not supported');
}

export type InProcessHandler = RequestHandler<HttpRequest, HttpResponse> & { updateHttpClientConfig(): void; httpHandlerConfigs(): object };

/**
 * An SDK request handler that answers in this process: `answer` gets the request with its header
 * names in lower case (as a socket's peer sees them) and settles with the emulator's response.
 */
export function inProcessHandler(answer: (request: HttpRequest, headers: Record<string, string>) => Promise<HttpResponse>): InProcessHandler {
  return {
    metadata: { handlerProtocol: 'http/1.1' },
    async handle(request: HttpRequest) {
      const headers: Record<string, string> = {};
      for (const [name, value] of Object.entries(request.headers)) headers[name.toLowerCase()] = value;
      return { response: await answer(request, headers) };
    },
    updateHttpClientConfig() {},
    httpHandlerConfigs: () => ({}),
    destroy() {},
  };
}

/**
 * A request handler for the SDK's DynamoDB client that calls `listener` (dynalite's) directly, after
 * `guard` (the local IAM) has let the calling function's request through.
 */
export function inProcessDynamoHandler(listener: DynamoListener, guard?: AwsGuard): InProcessHandler {
  return inProcessHandler((request, headers) => {
    const body = bodyBytes(request.body);
    const denied = guard?.dynamo(headers, body?.toString('utf8') ?? '');
    if (denied) return Promise.resolve(answerOf(denied));
    return new Promise((resolve) => dispatch(listener, request.method, pathWithQuery(request), headers, body, resolve));
  });
}

const answerOf = (answer: LocalAnswer): HttpResponse => ({ statusCode: answer.statusCode, headers: answer.headers, body: Buffer.from(answer.body, 'utf8') });

const PLACEHOLDER_AUTHORIZATION = 'AWS4-HMAC-SHA256 Credential=local/20260101/local/dynamodb/aws4_request, SignedHeaders=host;x-amz-date, Signature=0';

/** Marks a request as signed in the shape dynalite accepts, without computing a signature. */
const placeholderSigner = {
  async sign(request: HttpRequest) {
    request.headers.authorization = PLACEHOLDER_AUTHORIZATION;
    request.headers['x-amz-date'] = new Date().toISOString().replace(/[-:]|\.\d{3}/g, '');
    return request;
  },
};

/** DynamoDB client settings for talking to dynalite in this process. */
export function inProcessDynamoTransport(listener: DynamoListener, guard?: AwsGuard): Pick<DynamoDBClientConfig, 'requestHandler' | 'httpAuthSchemes' | 'credentials'> {
  const identity = { accessKeyId: 'local', secretAccessKey: 'local', expiration: undefined };
  return {
    requestHandler: inProcessDynamoHandler(listener, guard),
    // Whatever the environment holds: the SDK resolves credentials for the endpoint as well.
    credentials: identity,
    httpAuthSchemes: [
      {
        schemeId: 'aws.auth#sigv4',
        identityProvider: () => async () => identity,
        signer: placeholderSigner,
      },
    ],
  };
}
