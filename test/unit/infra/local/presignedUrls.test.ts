import type { IncomingMessage, ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import { acceptPresigned } from '../../../../infra/local/presignedUrls';

function fakeResponse() {
  const sent: { status?: number; headers: Record<string, string>; body?: string } = { headers: {} };
  const res = {
    setHeader: (name: string, value: string) => void (sent.headers[name] = value),
    writeHead(status: number) {
      sent.status = status;
      return res;
    },
    end: (body?: string) => void (sent.body = body),
  };
  return { res: res as unknown as ServerResponse, sent };
}

const signedAt = Date.UTC(2026, 0, 2, 3, 4, 5);
const link = (extra = '') =>
  `/bucket/exports/c1/f.csv?X-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Date=20260102T030405Z&X-Amz-Expires=300&X-Amz-Signature=ab${extra}`;

describe('presigned links on the local edge', () => {
  it('strips the signing parameters and applies the signed content-disposition', () => {
    const req = { url: link('&response-content-disposition=attachment%3B%20filename%3D%22f.csv%22&x=1') } as IncomingMessage;
    const { res, sent } = fakeResponse();
    expect(acceptPresigned(req, res, signedAt + 1000)).toBe(true);
    expect(req.url).toBe('/bucket/exports/c1/f.csv?x=1');
    expect(sent.headers['content-disposition']).toBe('attachment; filename="f.csv"');
  });

  it('refuses an expired link as S3 does, and leaves unsigned requests alone', () => {
    const { res, sent } = fakeResponse();
    expect(acceptPresigned({ url: link() } as IncomingMessage, res, signedAt + 301_000)).toBe(false);
    expect(sent.status).toBe(403);
    expect(sent.body).toContain('Request has expired');
    const plain = { url: '/bucket/key' } as IncomingMessage;
    expect(acceptPresigned(plain, fakeResponse().res)).toBe(true);
    expect(plain.url).toBe('/bucket/key');
  });
});
