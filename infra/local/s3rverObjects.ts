// s3rver keeps every object as three files (the bytes, their MD5, the metadata) and reaches them
// through Node's thread pool: a small PUT waits on six file system round trips (folders, open, write,
// close, MD5, metadata) and a GET on five (stat, the two small files, open and read), so a 5 kB result
// costs about two milliseconds either way, mostly waiting. The functions of this process write results
// and read them back at once (the chart data cache, SQL Lab results), so every PUT is written here, in
// s3rver's own layout (its HTTP side, listings and later starts read them as before): objects up to a
// few MB in one go, synchronously, and kept in memory up to a budget (a read of a kept object is a
// copy of its bytes; a read of anything else goes to disk as before); larger ones asynchronously. Either
// way the answer waits until the files are handed to the OS. Only this s3rver writes its folder (the data
// folder is locked to this process, dataDirLock.ts) and every change of an object goes through its
// store, which forgets the kept copy, so the copy is never stale.
import { createHash } from 'node:crypto';
import { closeSync, constants, ftruncateSync, mkdirSync, openSync, statSync, writeSync } from 'node:fs';
import { open } from 'node:fs/promises';
import { dirname } from 'node:path';
import { Readable } from 'node:stream';
import type { S3rverStore } from 's3rver';

/** Objects larger than this are written asynchronously and not kept (one synchronous write stays short). */
export const KEPT_OBJECT_MAX_BYTES = 8 * 1024 * 1024;
/** The kept objects' bytes, at most (least recently used first out). */
export const KEPT_BYTES_BUDGET = 64 * 1024 * 1024;

type Metadata = Record<string, string | number>;

interface Kept {
  content: Buffer;
  /** What s3rver's getMetadata answers: stored metadata, etag, last-modified, content-length. */
  metadata: Metadata;
}

/** The parts of s3rver's S3Object used here (its constructor picks the metadata it keeps). */
interface S3ObjectLike {
  bucket: string;
  key: string;
  content: Readable | Buffer | null;
  metadata: Metadata;
  range?: { start: number; end: number };
}
type S3ObjectClass = new (bucket: string, key: string, content: Readable | null, metadata: Metadata) => S3ObjectLike;

interface ObjectStore extends S3rverStore {
  getResourcePath(bucket: string, key: string, resource: string): string;
  getMetadata(bucket: string, key: string): Promise<Metadata>;
  existsObject(bucket: string, key: string): Promise<boolean>;
  getObject(bucket: string, key: string, options?: { start?: number; end?: number }): Promise<S3ObjectLike | null>;
  putObject(object: S3ObjectLike): Promise<{ size: number; md5: string }>;
  deleteObject(bucket: string, key: string): Promise<void>;
  copyObject(srcBucket: string, srcKey: string, destBucket: string, destKey: string, replacement?: unknown): Promise<unknown>;
}

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return chunks.length === 1 ? chunks[0] : Buffer.concat(chunks);
}

// A file is rewritten in place: written over from its start, then cut to the new length. Opening it
// with O_TRUNC instead makes ext4 flush the new blocks at close (auto_da_alloc, its guard for programs
// that replace a file by truncating it), which costs ~0.1 ms for a 5 kB object and ~1 ms for 1 MB.
const IN_PLACE = constants.O_RDWR | constants.O_CREAT;

function writeInPlaceSync(path: string, data: Buffer) {
  const fd = openSync(path, IN_PLACE, 0o644);
  try {
    for (let at = 0; at < data.length; ) at += writeSync(fd, data, at, data.length - at, at);
    ftruncateSync(fd, data.length);
  } finally {
    closeSync(fd);
  }
}

async function writeInPlace(path: string, data: Buffer) {
  const file = await open(path, IN_PLACE, 0o644);
  try {
    for (let at = 0; at < data.length; ) at += (await file.write(data, at, data.length - at, at)).bytesWritten;
    await file.truncate(data.length);
  } finally {
    await file.close();
  }
}

/** The metadata s3rver stores beside an object (its putMetadata): the allowed headers and x-amz-meta-*. */
function storedMetadata(metadata: Metadata, allowed: readonly string[]): Metadata {
  const stored: Metadata = {};
  for (const [name, value] of Object.entries(metadata)) if (allowed.includes(name) || name.startsWith('x-amz-meta-')) stored[name] = value;
  return stored;
}

/** Keeps `store`'s recently written objects in memory and writes small ones synchronously (see above). */
export function keepObjects(store: S3rverStore, S3Object: S3ObjectClass & { ALLOWED_METADATA: readonly string[] }): void {
  const objects = store as ObjectStore;
  const kept = new Map<string, Kept>();
  let keptBytes = 0;
  const id = (bucket: string, key: string) => `${bucket}\u0000${key}`;
  const forget = (bucket: string, key: string) => {
    const entry = kept.get(id(bucket, key));
    if (entry) keptBytes -= entry.content.length;
    kept.delete(id(bucket, key));
  };
  const keep = (bucket: string, key: string, entry: Kept) => {
    forget(bucket, key);
    kept.set(id(bucket, key), entry);
    keptBytes += entry.content.length;
    for (const [oldest, value] of kept) {
      if (keptBytes <= KEPT_BYTES_BUDGET) break;
      kept.delete(oldest);
      keptBytes -= value.content.length;
    }
  };
  /** A kept object, now the most recently used. */
  const find = (bucket: string, key: string) => {
    const entry = kept.get(id(bucket, key));
    if (entry) {
      kept.delete(id(bucket, key));
      kept.set(id(bucket, key), entry);
    }
    return entry;
  };

  // s3rver's own putObject answers once its stream has passed the bytes on, before the file is
  // written: a read right after the answer could see a truncated object (4 of 8 MB). Every PUT (and a
  // multipart upload's completion, which stores through putObject) is written here instead, answered
  // once the files are.
  const { getMetadata, existsObject, getObject, deleteObject, copyObject, reset } = objects;

  objects.putObject = async (object) => {
    const content = Buffer.isBuffer(object.content) ? object.content : object.content ? await readAll(object.content) : Buffer.alloc(0);
    const path = (resource: string) => objects.getResourcePath(object.bucket, object.key, resource);
    const md5 = createHash('md5').update(content).digest('hex');
    const stored = storedMetadata(object.metadata, S3Object.ALLOWED_METADATA);
    const files: [string, Buffer][] = [
      [path('object'), content],
      [path('object.md5'), Buffer.from(md5)],
      [path('metadata.json'), Buffer.from(JSON.stringify(stored, null, 2))],
    ];
    mkdirSync(dirname(path('object')), { recursive: true });
    if (content.length > KEPT_OBJECT_MAX_BYTES) {
      forget(object.bucket, object.key);
      for (const [file, data] of files) await writeInPlace(file, data);
      return { size: content.length, md5 };
    }
    for (const [file, data] of files) writeInPlaceSync(file, data);
    const written = statSync(path('object'));
    keep(object.bucket, object.key, {
      content,
      metadata: { ...stored, etag: JSON.stringify(md5), 'last-modified': written.mtime.toUTCString(), 'content-length': written.size },
    });
    return { size: content.length, md5 };
  };

  objects.getMetadata = async (bucket, key) => {
    const entry = find(bucket, key);
    return entry ? { ...entry.metadata } : getMetadata.call(objects, bucket, key);
  };

  objects.existsObject = async (bucket, key) => (kept.has(id(bucket, key)) ? true : existsObject.call(objects, bucket, key));

  // As s3rver's getObject: the range clipped to the object, an unsatisfiable one answered without content.
  objects.getObject = async (bucket, key, options) => {
    const entry = find(bucket, key);
    if (!entry) return getObject.call(objects, bucket, key, options);
    const lastByte = Math.max(0, entry.content.length - 1);
    const range = { start: options?.start || 0, end: Math.min(options?.end || Infinity, lastByte) };
    const ranged = options !== undefined && (options.start !== undefined || Boolean(options.end));
    const satisfiable = !(range.start < 0 || Math.min(range.end, lastByte) < range.start);
    const content = satisfiable ? Readable.from([entry.content.subarray(range.start, range.end + 1)]) : null;
    const object = new S3Object(bucket, key, content, { ...entry.metadata });
    if (ranged) object.range = range;
    return object;
  };

  objects.deleteObject = async (bucket, key) => {
    forget(bucket, key);
    return deleteObject.call(objects, bucket, key);
  };

  objects.copyObject = async (srcBucket, srcKey, destBucket, destKey, replacement) => {
    forget(destBucket, destKey);
    try {
      return await copyObject.call(objects, srcBucket, srcKey, destBucket, destKey, replacement);
    } finally {
      forget(destBucket, destKey);
    }
  };

  objects.reset = () => {
    reset.call(objects);
    kept.clear();
    keptBytes = 0;
  };
}
