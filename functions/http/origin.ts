// The public origin of the request (for absolute links such as permalinks), as the browser saw it.
export function requestOrigin(headers: Record<string, string | undefined>): string {
  const proto = headers['x-forwarded-proto']?.split(',')[0]?.trim() || 'http';
  const host = headers['x-forwarded-host']?.split(',')[0]?.trim() || headers.host || headers.Host || 'localhost';
  return `${proto}://${host}`;
}
