// Translation between Node HTTP and the API Gateway HTTP API payload format 2.0, following the
// documented rules: lower-cased headers with duplicates comma-joined, cookies split out of the
// headers, non-text bodies base64-encoded, claims flattened to strings by the JWT authorizer, and
// the result's "structured or plain JSON" interpretation.
import type { IncomingMessage } from 'node:http';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';

export type Claims = Record<string, unknown>;

export interface EventInput {
  req: IncomingMessage;
  url: URL;
  body: Buffer;
  /** The deployed route key (`GET /api/v1/me`), as API Gateway names the matched route. */
  routeKey: string;
  params: Record<string, string>;
  claims: Claims | null;
  requestId: string;
}

const TEXT_TYPES = /^(text\/|application\/(json|[\w.+-]+\+json|javascript|xml|[\w.+-]+\+xml))/i;

/** HTTP APIs pass JSON, XML and text bodies as is and base64-encode everything else, forms included. */
export const isTextContentType = (contentType: string | undefined) => !contentType || TEXT_TYPES.test(contentType.trim());

export function lowerCaseHeaders(req: IncomingMessage): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined || name === 'cookie') continue;
    headers[name.toLowerCase()] = Array.isArray(value) ? value.join(',') : value;
  }
  return headers;
}

/** Duplicate query parameters arrive comma-joined in queryStringParameters, as API Gateway does. */
export function queryParameters(url: URL): Record<string, string> | undefined {
  const out: Record<string, string> = {};
  for (const [key, value] of url.searchParams) out[key] = key in out ? `${out[key]},${value}` : value;
  return Object.keys(out).length ? out : undefined;
}

/** The JWT authorizer hands claims over as strings; arrays become "[a b]". */
export function flattenClaims(claims: Claims): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(claims)) {
    if (value === undefined || value === null) continue;
    out[key] = Array.isArray(value) ? `[${value.join(' ')}]` : typeof value === 'object' ? JSON.stringify(value) : String(value);
  }
  return out;
}

/** The connection's own address (IPv4-mapped IPv6 written as IPv4), as API Gateway's sourceIp. */
export const sourceAddress = (req: IncomingMessage) => req.socket.remoteAddress?.replace(/^::ffff:/, '') ?? '127.0.0.1';

/**
 * The gateway stands in for CloudFront too, which appends the viewer's address to X-Forwarded-For:
 * entries a client wrote itself stay in front of it and are never taken for its address.
 */
function forwardedFor(headers: Record<string, string>, source: string): string {
  const sent = headers['x-forwarded-for']?.trim();
  return sent ? `${sent}, ${source}` : source;
}

export function buildHttpEvent(input: EventInput): APIGatewayProxyEventV2 {
  const { req, url, body, routeKey, params, claims, requestId } = input;
  const sourceIp = sourceAddress(req);
  const headers = lowerCaseHeaders(req);
  headers['x-forwarded-for'] = forwardedFor(headers, sourceIp);
  const cookies = req.headers.cookie?.split(/;\s*/).filter(Boolean);
  const now = Date.now();
  const text = isTextContentType(headers['content-type']);
  const host = headers.host ?? 'localhost';
  // As sent: the URL parser would re-encode characters such as ' that rison uses in `q`.
  const [rawPath, rawQuery = ''] = (req.url ?? url.pathname).split(/\?(.*)/s, 2);
  const event: APIGatewayProxyEventV2 & { requestContext: { authorizer?: unknown } } = {
    version: '2.0',
    routeKey,
    rawPath,
    rawQueryString: rawQuery,
    cookies: cookies?.length ? cookies : undefined,
    headers,
    queryStringParameters: queryParameters(url),
    pathParameters: Object.keys(params).length ? params : undefined,
    requestContext: {
      accountId: '000000000000',
      apiId: 'local',
      domainName: host.split(':')[0],
      domainPrefix: host.split('.')[0],
      http: {
        method: (req.method ?? 'GET').toUpperCase(),
        path: url.pathname,
        protocol: `HTTP/${req.httpVersion}`,
        sourceIp,
        userAgent: headers['user-agent'] ?? '',
      },
      requestId,
      routeKey,
      stage: '$default',
      time: new Date(now).toUTCString(),
      timeEpoch: now,
      ...(claims ? { authorizer: { jwt: { claims: flattenClaims(claims), scopes: null } } } : {}),
    },
    isBase64Encoded: false,
  };
  if (body.length) {
    event.body = text ? body.toString('utf8') : body.toString('base64');
    event.isBase64Encoded = !text;
  }
  return event;
}

export interface HttpAnswer {
  status: number;
  headers: Record<string, string | string[]>;
  body: Buffer;
}

const isStructured = (result: unknown): result is APIGatewayProxyStructuredResultV2 =>
  typeof result === 'object' && result !== null && 'statusCode' in result;

/** Without a statusCode, API Gateway treats the whole result as a 200 JSON body. */
export function toHttpAnswer(result: unknown): HttpAnswer {
  if (!isStructured(result)) {
    const body = typeof result === 'string' ? result : JSON.stringify(result ?? null);
    return { status: 200, headers: { 'content-type': 'application/json' }, body: Buffer.from(body) };
  }
  const headers: Record<string, string | string[]> = {};
  for (const [name, value] of Object.entries(result.headers ?? {})) headers[name.toLowerCase()] = String(value);
  headers['content-type'] ??= 'application/json';
  if (result.cookies?.length) headers['set-cookie'] = result.cookies;
  const raw = result.body ?? '';
  const body = result.isBase64Encoded ? Buffer.from(raw, 'base64') : Buffer.from(raw, 'utf8');
  return { status: result.statusCode ?? 200, headers, body };
}
