// A JSON-rows result (DuckDB's json mode) compressed once, with gzip, while its rows arrive: the same
// bytes are the HTTP body for a client that accepts gzip (handed to the gateway already compressed, so
// nothing is left to compress when the last chunk arrives) and the payload of the stored object.
//
// Stored object: three gzip members, `envelope-open`, payload, `}`; concatenated they are one valid
// gzip file of `{"expires_at":…,"user_id":…,"client_id":…,"payload":<payload>}`. The first and last
// members hold their text uncompressed (a stored deflate block), so a reader finds the envelope and the
// payload's compressed bytes without inflating anything, and /results/ can send those bytes as they are.
import { constants, crc32, createGzip, gunzip, gzip, gzipSync, type Gzip } from 'node:zlib';
import { promisify } from 'node:util';
import type { ResultColumn } from '../engines/types';
import type { Ports } from '../ports/index';
import type { QueryRecord } from '../queries/record';
import { LIMITS } from '../../shared/constants';

const GZIP = { level: constants.Z_BEST_SPEED };
// Streamed output in large slices: fewer thread-pool round trips and 'data' events per piece (~190 KB of text).
const GZIP_STREAM = { ...GZIP, chunkSize: 128 * 1024 };
const gzipAsync = promisify(gzip);
const gunzipAsync = promisify(gunzip);

/** Results smaller than this are compressed in one call at the end; larger ones while they arrive. */
export const STREAM_FROM_CHARS = 256 * 1024;
/** Below this many characters compressing inline is cheaper than a thread-pool round trip. */
export const INLINE_COMPRESS_CHARS = 64 * 1024;

/** The success payload's text before its rows: `{"status":"success","columns":…,"data":[` (payload.ts's layout). */
export function payloadHead(columns: ResultColumn[]): string {
  const head = JSON.stringify({ status: 'success', columns, selected_columns: columns, expanded_columns: [] });
  return `${head.slice(0, -1)},"data":[`;
}

export const envelopeOpen = (ports: Pick<Ports, 'clock'>, owner: Pick<QueryRecord, 'user_id' | 'client_id'>) => {
  const envelope = JSON.stringify({ expires_at: ports.clock.now() + LIMITS.resultsTtlDays * 86_400_000, user_id: owner.user_id, client_id: owner.client_id });
  return `${envelope.slice(0, -1)},"payload":`;
};

/** A gzip member holding `text` in one stored (uncompressed) deflate block. */
export function storedMember(text: string): Buffer {
  const data = Buffer.from(text, 'utf8');
  if (data.length > 0xffff) return gzipSync(data, GZIP);
  const out = Buffer.alloc(10 + 5 + data.length + 8);
  out.set([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff]);
  out[10] = 1; // BFINAL, BTYPE 00 (stored)
  out.writeUInt16LE(data.length, 11);
  out.writeUInt16LE(~data.length & 0xffff, 13);
  data.copy(out, 15);
  out.writeUInt32LE(crc32(data) >>> 0, 15 + data.length);
  out.writeUInt32LE(data.length, 19 + data.length);
  return out;
}

/** The text of a member storedMember wrote at `at`, and where it ends; null for anything else. */
function readStoredMember(buffer: Buffer, at: number): { text: string; end: number } | null {
  if (buffer.length < at + 23 || buffer[at] !== 0x1f || buffer[at + 1] !== 0x8b || buffer[at + 2] !== 8 || buffer[at + 3] !== 0) return null;
  if (buffer[at + 10] !== 1) return null;
  const length = buffer.readUInt16LE(at + 11);
  if ((~length & 0xffff) !== buffer.readUInt16LE(at + 13)) return null;
  const end = at + 23 + length;
  if (end > buffer.length) return null;
  const data = buffer.subarray(at + 15, at + 15 + length);
  if (buffer.readUInt32LE(at + 15 + length) !== crc32(data) >>> 0) return null;
  return { text: data.toString('utf8'), end };
}

const CLOSE = storedMember('}');

/** The stored object around a payload's gzip member. */
export const storedObject = (envelope: string, payloadGzip: Buffer) => Buffer.concat([storedMember(envelope), payloadGzip, CLOSE]);

export interface SplitObject {
  /** `{"expires_at":…,"payload":` */
  envelope: string;
  /** The payload's own gzip member. */
  payloadGzip: Buffer;
}

/** Splits an object storedObject built; null when it is not one (an older Brotli object). */
export function splitStoredObject(buffer: Buffer): SplitObject | null {
  const first = readStoredMember(buffer, 0);
  if (!first) return null;
  const closeAt = buffer.length - CLOSE.length;
  if (closeAt < first.end || !buffer.subarray(closeAt).equals(CLOSE)) return null;
  return { envelope: first.text, payloadGzip: buffer.subarray(first.end, closeAt) };
}

/** The uncompressed size of one gzip member (its ISIZE; results are far below 4 GB). */
export const gzipSize = (member: Buffer) => member.readUInt32LE(member.length - 4);

export const gunzipText = async (member: Buffer) => (await gunzipAsync(member)).toString('utf8');

/** A JSON-rows payload: its gzip (HTTP body and stored payload), its size, and its text on demand. */
export interface GzipPayload {
  gzip: Buffer;
  /** UTF-8 bytes of the payload text. */
  bytes: number;
}

/**
 * Compresses a sync run's payload while its rows arrive (the runner's onJson): columns first, then
 * each piece, and at the end the tail (`],"query":…,"query_id":…}`) known only once the run is done.
 */
export class GzipResultStream {
  private head: string | null = null;
  private columnsJson = '';
  private backlog: string[] = [];
  private backlogChars = 0;
  private pieces = 0;
  private compressor: Gzip | null = null;
  private output: Promise<Buffer> | null = null;
  private broken = false;

  columns(columns: ResultColumn[]): void {
    this.columnsJson = JSON.stringify(columns);
    this.head = payloadHead(columns);
  }

  piece(text: string): void {
    if (this.broken || this.head === null) {
      this.broken = true;
      return;
    }
    const part = this.pieces === 0 ? text : `,${text}`;
    this.pieces += 1;
    if (this.compressor) {
      this.compressor.write(part);
      return;
    }
    this.backlog.push(part);
    this.backlogChars += part.length;
    if (this.backlogChars >= STREAM_FROM_CHARS) this.startCompressor();
  }

  private startCompressor() {
    const compressor = createGzip(GZIP_STREAM);
    const chunks: Buffer[] = [];
    compressor.on('data', (chunk: Buffer) => chunks.push(chunk));
    this.output = new Promise<Buffer>((resolve, reject) => {
      compressor.once('end', () => resolve(Buffer.concat(chunks)));
      compressor.once('error', reject);
    });
    this.output.catch(() => undefined);
    compressor.write(this.head!);
    for (const part of this.backlog) compressor.write(part);
    this.backlog = [];
    this.compressor = compressor;
  }

  /**
   * The payload's gzip, or null when what was streamed is not this result (then compress it whole).
   * `tail` is everything after the rows: `]` excluded, e.g. `,"query":{…},"query_id":1}`.
   */
  finish(columns: ResultColumn[], pieces: number, tail: string): GzipPayload | Promise<GzipPayload> | null {
    const matches = !this.broken && this.head !== null && this.pieces === pieces && JSON.stringify(columns) === this.columnsJson;
    if (!matches) {
      this.abort();
      return null;
    }
    const end = `]${tail}`;
    if (!this.compressor) {
      // Small: one call (inline when tiny) beats a stream's setup.
      const text = `${this.head}${this.backlog.join('')}${end}`;
      this.backlog = [];
      return compressText(text);
    }
    const compressor = this.compressor;
    compressor.end(end);
    return this.output!.then((gzip) => ({ gzip, bytes: compressor.bytesWritten }));
  }

  abort(): void {
    this.broken = true;
    this.compressor?.destroy();
    this.compressor = null;
    this.backlog = [];
  }
}

/** One payload text compressed whole: at once when small (the caller can write it with the query), else on the thread pool. */
export function compressText(text: string): GzipPayload | Promise<GzipPayload> {
  const bytes = Buffer.byteLength(text);
  if (text.length <= INLINE_COMPRESS_CHARS) return { gzip: gzipSync(text, GZIP), bytes };
  return gzipAsync(text, GZIP).then((gzip) => ({ gzip, bytes }));
}
