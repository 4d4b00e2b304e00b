// s3rver serving this process's functions (s3Transport.ts) pays, on every request, for two things a
// single-process emulator does not need:
//  - its request log: koa-logger formats a coloured line (chalk) for every request and hands it to a
//    winston logger that `silent` then drops;
//  - its buckets: every request stats the bucket's folder, and the CORS and website middlewares read
//    `<bucket>/cors.xml` and `website.xml` from disk before every object request (two failed opens
//    when, as here, there are none).
// The listener built here skips the log when s3rver is silent, and buckets and their configurations
// are kept in memory: only this s3rver writes its folder (the data folder is locked to this process,
// dataDirLock.ts), and every write of a configuration or a bucket goes through its store, which
// updates the copy. Objects are written and kept by s3rverObjects.ts; object-level subresources (ACLs)
// are read from disk as before.
import type S3rver from 's3rver';
import type { S3rverStore } from 's3rver';

/** Keeps `store`'s buckets and their subresources (CORS, website) in memory, updated by its own writes. */
export function cacheBucketState(store: S3rverStore): void {
  const cached = new Map<string, Promise<unknown>>();
  const id = (bucket: string, type: string) => `${bucket}\u0000${type}`;
  const forgetBucket = (bucket: string) => {
    for (const key of cached.keys()) if (key.startsWith(`${bucket}\u0000`)) cached.delete(key);
  };
  const { getBucket, putBucket, getSubresource, putSubresource, deleteSubresource, deleteBucket, reset } = store;
  const remembered = (key: string, read: () => Promise<unknown>) => {
    let found = cached.get(key);
    if (!found) {
      found = read();
      cached.set(key, found);
      // A failed read is not kept.
      found.catch(() => cached.delete(key));
    }
    return found;
  };
  store.getBucket = (bucket) => remembered(id(bucket, ''), () => getBucket.call(store, bucket));
  store.putBucket = async (bucket) => {
    forgetBucket(bucket);
    try {
      return await putBucket.call(store, bucket);
    } finally {
      forgetBucket(bucket);
    }
  };
  store.getSubresource = (bucket, key, type) =>
    key !== undefined ? getSubresource.call(store, bucket, key, type) : remembered(id(bucket, type), () => getSubresource.call(store, bucket, key, type));
  store.putSubresource = async (bucket, key, resource) => {
    if (key === undefined) cached.delete(id(bucket, resource.type));
    try {
      await putSubresource.call(store, bucket, key, resource);
    } finally {
      if (key === undefined) cached.delete(id(bucket, resource.type));
    }
  };
  store.deleteSubresource = async (bucket, key, type) => {
    try {
      await deleteSubresource.call(store, bucket, key, type);
    } finally {
      if (key === undefined) cached.delete(id(bucket, type));
    }
  };
  store.deleteBucket = async (bucket) => {
    try {
      await deleteBucket.call(store, bucket);
    } finally {
      forgetBucket(bucket);
    }
  };
  store.reset = () => {
    reset.call(store);
    cached.clear();
  };
}

/** s3rver's request listener; without its request log when it is silent (koa-logger's middleware, `logger`). */
export function s3rverListener(s3: S3rver, silent: boolean): ReturnType<S3rver['callback']> {
  if (!silent) return s3.callback();
  const all = s3.middleware;
  s3.middleware = all.filter((fn) => fn.name !== 'logger');
  try {
    return s3.callback();
  } finally {
    s3.middleware = all;
  }
}
