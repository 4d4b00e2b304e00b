// A result payload as the HTTP answer: a large payload that is already gzip (compressed while its rows
// arrived, or stored so) goes out as those bytes to a client that accepts gzip; anything else as text,
// which fitResponse compresses or refuses as for any body.
import { COMPRESS_OVER_BYTES, gzippedJson } from '../http/fitResponse';
import { raw, type RawResponse } from '../http/respond';
import type { Payload } from './payload';

/** What the request allows for the answer. */
export interface ClientOptions {
  /** Accept-Encoding allows gzip. */
  acceptGzip?: boolean;
}

export function payloadResponse(payload: Payload, client: ClientOptions = {}): RawResponse {
  if (client.acceptGzip && payload.gzip && (payload.bytes ?? 0) > COMPRESS_OVER_BYTES) return raw(gzippedJson(payload.gzip));
  return raw({ statusCode: 200, headers: { 'content-type': 'application/json; charset=utf-8' }, body: payload.text() });
}
