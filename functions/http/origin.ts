// The public origin of the request (for absolute links such as permalinks), as the browser saw it:
// the forwarded host and scheme behind a proxy or CloudFront, else the Host header (http locally).
export function requestOrigin(headers: Record<string, string | undefined>): string {
  const host = headers['x-forwarded-host']?.split(',')[0]?.trim() || headers.host || headers.Host || 'localhost';
  const proto = headers['x-forwarded-proto']?.split(',')[0]?.trim() || (/^(localhost|127\.)/.test(host) ? 'http' : 'https');
  return `${proto}://${host}`;
}
