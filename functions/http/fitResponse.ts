// A synchronous Lambda response may carry at most 6 MB. Large JSON bodies (100,000-row results)
// are gzip-compressed when the client accepts it, which API Gateway passes through untouched;
// a body that still does not fit is refused with a clear error instead of a gateway 502.
import { gzipSync, constants } from 'node:zlib';
import type { APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { SupersetError } from '../../shared/errors';

export const LAMBDA_RESPONSE_LIMIT_BYTES = 6 * 1024 * 1024;
/** The largest file a function answers itself: room is left for headers, and base64 grows it by 4/3. */
export const INLINE_FILE_MAX_BYTES = Math.floor(((LAMBDA_RESPONSE_LIMIT_BYTES - 64 * 1024) * 3) / 4);
/** Below this, compression costs more time than the bytes it saves on any network. */
export const COMPRESS_OVER_BYTES = 1024 * 1024;

const header = (headers: Record<string, string | undefined>, name: string) =>
  Object.entries(headers).find(([key]) => key.toLowerCase() === name)?.[1];

/** Whether the request's Accept-Encoding allows a gzip body. */
export const acceptsGzip = (requestHeaders: Record<string, string | undefined>) => /\bgzip\b/i.test(header(requestHeaders, 'accept-encoding') ?? '');

/**
 * A 200 JSON response from a body compressed beforehand (a result compressed while its rows arrived):
 * only for a request that accepts gzip; fitResponse passes it on as it is, checking its size.
 */
export const gzippedJson = (gzip: Buffer): APIGatewayProxyStructuredResultV2 => ({
  statusCode: 200,
  headers: { 'content-type': 'application/json; charset=utf-8', 'content-encoding': 'gzip', vary: 'accept-encoding' },
  body: gzip.toString('base64'),
  isBase64Encoded: true,
});

export function fitResponse(
  response: APIGatewayProxyStructuredResultV2,
  requestHeaders: Record<string, string | undefined>,
): APIGatewayProxyStructuredResultV2 {
  const body = response.body ?? '';
  const size = response.isBase64Encoded ? Math.ceil((body.length * 3) / 4) : Buffer.byteLength(body);
  if (size <= COMPRESS_OVER_BYTES || response.isBase64Encoded) return checkSize(response, body.length);
  const accepts = acceptsGzip(requestHeaders);
  const alreadyEncoded = header((response.headers ?? {}) as Record<string, string>, 'content-encoding');
  if (!accepts || alreadyEncoded) return checkSize(response, size);
  const zipped = gzipSync(body, { level: constants.Z_BEST_SPEED }).toString('base64');
  return checkSize(
    {
      ...response,
      body: zipped,
      isBase64Encoded: true,
      headers: { ...(response.headers ?? {}), 'content-encoding': 'gzip', vary: 'accept-encoding' },
    },
    zipped.length,
  );
}

function checkSize(response: APIGatewayProxyStructuredResultV2, bytes: number) {
  if (bytes <= LAMBDA_RESPONSE_LIMIT_BYTES) return response;
  const mb = (bytes / 1024 / 1024).toFixed(1);
  const compressed = Boolean(header((response.headers ?? {}) as Record<string, string>, 'content-encoding'));
  throw new SupersetError(
    'GENERIC_BACKEND_ERROR',
    compressed
      ? `The response is ${mb} MB even compressed, over the 6 MB a function can return. Lower the row limit.`
      : `The response is ${mb} MB, over the 6 MB a function can return. Lower the row limit, or send Accept-Encoding: gzip.`,
    { status: 413, level: 'warning' },
  );
}
