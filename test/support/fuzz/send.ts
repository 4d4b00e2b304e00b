// Sends one fuzz request over a raw HTTP connection (node:http, so the target goes out exactly as
// written: no URL normalisation of `..` or bad percent-encoding) and answers the status, bounded by a
// deadline so a hang is a failure rather than a stuck run.
import { Agent, request } from 'node:http';
import type { FuzzRequest } from './cases';

export interface FuzzAnswer {
  status: number;
  /** The start of the answer's body, for the failure list. */
  excerpt: string;
  headers: Record<string, string | string[] | undefined>;
}

export class FuzzTimeoutError extends Error {}

const agent = new Agent({ keepAlive: true, maxSockets: 8 });
const CHUNK = Buffer.alloc(64 * 1024, 0x20);

export function sendFuzz(baseUrl: string, fuzz: FuzzRequest, options: { token?: string; timeoutMs: number }): Promise<FuzzAnswer> {
  const base = new URL(baseUrl);
  const headers: Record<string, string> = { ...fuzz.headers };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  const body = fuzz.body === undefined ? undefined : Buffer.from(fuzz.body);
  if (fuzz.declaredLength !== undefined) headers['content-length'] = String(fuzz.declaredLength);
  else if (body) headers['content-length'] = String(body.length);
  // A request that is cut short (the declared body never all sent) leaves its socket unusable.
  const useAgent = fuzz.declaredLength === undefined ? agent : false;
  return new Promise((resolve, reject) => {
    const req = request({ host: base.hostname, port: base.port, method: fuzz.method, path: fuzz.target, headers, agent: useAgent });
    const timer = setTimeout(() => {
      req.destroy();
      reject(new FuzzTimeoutError(`no answer within ${options.timeoutMs} ms`));
    }, options.timeoutMs);
    req.on('response', (res) => {
      const chunks: Buffer[] = [];
      let size = 0;
      res.on('data', (chunk: Buffer) => {
        if (size < 600) chunks.push(chunk);
        size += chunk.length;
      });
      res.on('end', () => {
        clearTimeout(timer);
        if (fuzz.declaredLength !== undefined) req.destroy();
        resolve({ status: res.statusCode ?? 0, excerpt: Buffer.concat(chunks).toString('utf8').slice(0, 300), headers: res.headers });
      });
      res.on('error', () => undefined);
    });
    // The server may close a cut-short upload once it has answered: only a failure before any answer counts.
    req.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    if (fuzz.declaredLength !== undefined) req.write(CHUNK);
    else req.end(body);
  });
}

/** Streams `bytes` of body without a content-length (chunked), as a client that does not say how much comes. */
export function streamFuzz(baseUrl: string, fuzz: FuzzRequest, bytes: number, options: { token?: string; timeoutMs: number }): Promise<FuzzAnswer> {
  const base = new URL(baseUrl);
  const headers: Record<string, string> = { ...fuzz.headers, 'transfer-encoding': 'chunked' };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  return new Promise((resolve, reject) => {
    const req = request({ host: base.hostname, port: base.port, method: fuzz.method, path: fuzz.target, headers, agent: false });
    let answered = false;
    const timer = setTimeout(() => {
      req.destroy();
      reject(new FuzzTimeoutError(`no answer within ${options.timeoutMs} ms`));
    }, options.timeoutMs);
    req.on('response', (res) => {
      answered = true;
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        clearTimeout(timer);
        req.destroy();
        resolve({ status: res.statusCode ?? 0, excerpt: Buffer.concat(chunks).toString('utf8').slice(0, 300), headers: res.headers });
      });
    });
    req.on('error', (error) => {
      if (answered) return;
      clearTimeout(timer);
      reject(error);
    });
    let sent = 0;
    const pump = () => {
      while (!answered && sent < bytes) {
        sent += CHUNK.length;
        if (!req.write(CHUNK)) return void req.once('drain', pump);
      }
      if (!answered) req.end();
    };
    pump();
  });
}

export const closeFuzzAgent = () => agent.destroy();
