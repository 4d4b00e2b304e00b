// multipart/form-data read from the raw bytes: file parts stay bytes (a zip survives), text parts
// are UTF-8 strings. Used by upload routes (bodyFormat 'upload').

export interface UploadedFile {
  filename: string;
  contentType: string;
  bytes: Uint8Array;
}

export type MultipartFields = Record<string, string | UploadedFile>;

export function isUploadedFile(value: unknown): value is UploadedFile {
  return !!value && typeof value === 'object' && (value as UploadedFile).bytes instanceof Uint8Array;
}

/** Parts by field name; null when the body is not well-formed multipart for this boundary. */
export function parseMultipartBytes(body: Buffer, contentType: string): MultipartFields | null {
  const boundary = /boundary=(?:"([^"]+)"|([^;]+))/i.exec(contentType);
  const mark = boundary?.[1] ?? boundary?.[2]?.trim();
  if (!mark) return null;
  const delimiter = Buffer.from(`--${mark}`);
  const fields: MultipartFields = {};
  let start = body.indexOf(delimiter);
  if (start < 0) return null;
  for (;;) {
    start += delimiter.length;
    if (body.subarray(start, start + 2).toString() === '--') return fields;
    if (body.subarray(start, start + 2).toString() === '\r\n') start += 2;
    const next = body.indexOf(delimiter, start);
    if (next < 0) return null;
    const part = body.subarray(start, next - 2 >= start ? next - 2 : next); // drop the CRLF before the next delimiter
    const split = part.indexOf('\r\n\r\n');
    if (split < 0) return null;
    const head = part.subarray(0, split).toString('utf8');
    const content = part.subarray(split + 4);
    const name = /name="([^"]*)"/i.exec(head)?.[1];
    const filename = /filename="([^"]*)"/i.exec(head)?.[1];
    if (name !== undefined) {
      fields[name] =
        filename !== undefined
          ? { filename, contentType: /content-type:\s*([^\r\n]+)/i.exec(head)?.[1]?.trim() ?? 'application/octet-stream', bytes: new Uint8Array(content) }
          : content.toString('utf8');
    }
    start = next;
  }
}
