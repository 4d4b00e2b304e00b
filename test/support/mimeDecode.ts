// A small MIME reader for tests: the leaf parts of a raw RFC 5322 message (multipart nesting followed
// by boundary), each with its headers (names lower-cased) and its body decoded from base64.

export interface MimePart {
  headers: Record<string, string>;
  body: Buffer;
}

function split(entity: string): { headers: Record<string, string>; body: string } {
  const end = entity.indexOf('\r\n\r\n');
  const head = end < 0 ? entity : entity.slice(0, end);
  const body = end < 0 ? '' : entity.slice(end + 4);
  const headers: Record<string, string> = {};
  let last = '';
  for (const line of head.split('\r\n')) {
    if (/^[ \t]/.test(line) && last) headers[last] += ` ${line.trim()}`;
    else {
      const colon = line.indexOf(':');
      if (colon < 0) continue;
      last = line.slice(0, colon).trim().toLowerCase();
      headers[last] = line.slice(colon + 1).trim();
    }
  }
  return { headers, body };
}

export function mimeParts(raw: string): MimePart[] {
  const { headers, body } = split(raw);
  const boundary = /multipart\/[^;]+;.*boundary="?([^";]+)"?/i.exec(headers['content-type'] ?? '')?.[1];
  if (!boundary) {
    const encoding = (headers['content-transfer-encoding'] ?? '').toLowerCase();
    return [{ headers, body: encoding === 'base64' ? Buffer.from(body.replace(/\s+/g, ''), 'base64') : Buffer.from(body, 'utf8') }];
  }
  const close = body.indexOf(`\r\n--${boundary}--`);
  const inner = close < 0 ? body : body.slice(0, close);
  return inner
    .split(`--${boundary}\r\n`)
    .slice(1)
    .flatMap((segment) => mimeParts(segment.replace(/\r\n$/, '')));
}

/** The attachment of that file name (Content-Disposition attachment). */
export function attachment(raw: string, filename: RegExp): MimePart | undefined {
  return mimeParts(raw).find((p) => /^attachment/i.test(p.headers['content-disposition'] ?? '') && filename.test(/filename="([^"]+)"/.exec(p.headers['content-disposition'])?.[1] ?? ''));
}
