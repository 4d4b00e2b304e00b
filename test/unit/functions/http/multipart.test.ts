import { describe, expect, it } from 'vitest';
import { isUploadedFile, parseMultipartBytes } from '../../../../functions/http/multipart';

describe('parseMultipartBytes', () => {
  it('keeps file parts as bytes (every byte value survives) and text parts as strings', async () => {
    const bytes = new Uint8Array(256).map((_, i) => i);
    const form = new FormData();
    form.append('formData', new Blob([bytes], { type: 'application/zip' }), 'b.zip');
    form.append('overwrite', 'true');
    form.append('passwords', '{"databases/x.yaml":"pé"}');
    const req = new Request('http://x/', { method: 'POST', body: form });
    const body = Buffer.from(await req.arrayBuffer());
    const fields = parseMultipartBytes(body, req.headers.get('content-type')!)!;
    expect(fields.overwrite).toBe('true');
    expect(fields.passwords).toBe('{"databases/x.yaml":"pé"}');
    const file = fields.formData;
    expect(isUploadedFile(file)).toBe(true);
    if (!isUploadedFile(file)) return;
    expect(file.filename).toBe('b.zip');
    expect(file.contentType).toBe('application/zip');
    expect([...file.bytes]).toEqual([...bytes]);
  });

  it('answers null for a body without its boundary', () => {
    expect(parseMultipartBytes(Buffer.from('hello'), 'multipart/form-data; boundary=abc')).toBeNull();
    expect(parseMultipartBytes(Buffer.from('hello'), 'multipart/form-data')).toBeNull();
  });
});
