// Minimal typings for the two emulators, which ship none.
declare module 'dynalite' {
  import type { Server } from 'node:http';
  interface DynaliteOptions {
    path?: string;
    createTableMs?: number;
    deleteTableMs?: number;
    updateTableMs?: number;
    maxItemSizeKb?: number;
    verbose?: boolean;
  }
  export default function dynalite(options?: DynaliteOptions): Server;
}

declare module 's3rver' {
  import type { AddressInfo } from 'node:net';
  interface S3rverOptions {
    port?: number;
    address?: string;
    directory: string;
    silent?: boolean;
    configureBuckets?: { name: string; configs?: unknown[] }[];
  }
  export default class S3rver {
    constructor(options: S3rverOptions);
    run(): Promise<AddressInfo>;
    close(): Promise<void>;
    /** Koa's request listener (s3rver is a Koa application). */
    callback(): (req: import('node:http').IncomingMessage, res: import('node:http').ServerResponse) => void;
    /** Koa's middleware list (s3rver's request log first). */
    middleware: ((...args: unknown[]) => unknown)[];
    /** Its FilesystemStore. */
    store: S3rverStore;
  }
  export interface S3rverStore {
    getSubresource(bucket: string, key: string | undefined, type: string): Promise<unknown>;
    putSubresource(bucket: string, key: string | undefined, resource: { type: string }): Promise<void>;
    deleteSubresource(bucket: string, key: string | undefined, type: string): Promise<void>;
    getBucket(bucket: string): Promise<unknown>;
    putBucket(bucket: string): Promise<unknown>;
    deleteBucket(bucket: string): Promise<void>;
    reset(): void;
  }
}

declare module 's3rver/lib/models/object' {
  /** s3rver's object model: its constructor keeps the allowed metadata (ALLOWED_METADATA, x-amz-meta-*). */
  export default class S3Object {
    static ALLOWED_METADATA: readonly string[];
    constructor(bucket: string, key: string, content: import('node:stream').Readable | null, metadata: Record<string, string | number>);
    bucket: string;
    key: string;
    content: import('node:stream').Readable | Buffer | null;
    metadata: Record<string, string | number>;
    range?: { start: number; end: number };
  }
}
