// Presigned S3 links (query-string SigV4, e.g. a large SQL Lab export) against the local edge: s3rver
// checks signatures against its own fixed key pair, so, as with signed headers, the signature is not
// checked here (emulators accept any key); an expired link is refused as S3 refuses it, and the
// signing parameters (and the content-disposition override, applied here) are removed before the request reaches s3rver, which then serves it anonymously.
import type { IncomingMessage, ServerResponse } from 'node:http';

/** Parses X-Amz-Date (YYYYMMDDTHHMMSSZ) to epoch ms. */
const amzDateMs = (value: string) =>
  Date.parse(`${value.slice(0, 4)}-${value.slice(4, 6)}-${value.slice(6, 8)}T${value.slice(9, 11)}:${value.slice(11, 13)}:${value.slice(13, 15)}Z`);

/** Strips the signing parameters of a presigned URL; answers 403 itself (and returns false) when it expired. */
export function acceptPresigned(req: IncomingMessage, res: ServerResponse, nowMs = Date.now()): boolean {
  const url = new URL(req.url ?? '/', 'http://local');
  if (!url.searchParams.has('X-Amz-Signature')) return true;
  const signedAt = amzDateMs(url.searchParams.get('X-Amz-Date') ?? '');
  const expires = Number(url.searchParams.get('X-Amz-Expires') ?? 0);
  if (!Number.isFinite(signedAt) || !(expires > 0) || nowMs > signedAt + expires * 1000) {
    res.writeHead(403, { 'content-type': 'application/xml' }).end('<?xml version="1.0" encoding="UTF-8"?><Error><Code>AccessDenied</Code><Message>Request has expired</Message></Error>');
    return false;
  }
  for (const name of [...url.searchParams.keys()]) if (name.startsWith('X-Amz-')) url.searchParams.delete(name);
  // s3rver refuses response-header overrides on anonymous requests (as S3 does): apply the one we sign.
  const disposition = url.searchParams.get('response-content-disposition');
  url.searchParams.delete('response-content-disposition');
  if (disposition) res.setHeader('content-disposition', disposition);
  req.url = `${url.pathname}${url.search}`;
  return true;
}
