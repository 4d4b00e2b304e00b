// DuckDB instances, one per database file per process (DuckDB locks a file per process, so every
// engine opened on the same path must share the instance), opened inside the analyst sandbox.
import { DuckDBInstance, type DuckDBConnection } from '@duckdb/node-api';
export { duckdbPathFromUri } from './uri';

/** Settings that keep SQL inside the database: no files, no other databases, no extensions. */
export const SANDBOX_OPTIONS: Record<string, string> = {
  enable_external_access: 'false',
  autoinstall_known_extensions: 'false',
  autoload_known_extensions: 'false',
  allow_community_extensions: 'false',
  allow_persistent_secrets: 'false',
};

interface Shared {
  instance: Promise<DuckDBInstance>;
  users: number;
}

const instances = new Map<string, Shared>();

async function openSandboxed(path: string): Promise<DuckDBInstance> {
  const instance = await DuckDBInstance.create(path, SANDBOX_OPTIONS);
  const setup = await instance.connect();
  try {
    // Locked last: from here on no statement (SET, PRAGMA, RESET) can undo the sandbox.
    await setup.run('SET lock_configuration = true');
  } finally {
    setup.closeSync();
  }
  return instance;
}

/** A handle on the shared sandboxed instance of `path`; release() closes it with its last user. */
export interface InstanceLease {
  path: string;
  connect(): Promise<DuckDBConnection>;
  release(): void;
}

export async function leaseInstance(path: string): Promise<InstanceLease> {
  let shared = instances.get(path);
  if (!shared) {
    shared = { instance: openSandboxed(path), users: 0 };
    instances.set(path, shared);
    shared.instance.catch(() => instances.delete(path));
  }
  shared.users += 1;
  const entry = shared;
  let instance: DuckDBInstance;
  try {
    instance = await entry.instance;
  } catch (error) {
    entry.users -= 1;
    throw error;
  }
  let released = false;
  return {
    path,
    connect: () => instance.connect(),
    release() {
      if (released) return;
      released = true;
      entry.users -= 1;
      if (entry.users === 0 && instances.get(path) === entry) {
        instances.delete(path);
        instance.closeSync();
      }
    },
  };
}

/** Runs `work` on a fresh connection: DuckDB connections run one query at a time. */
export async function withConnection<T>(lease: InstanceLease, work: (connection: DuckDBConnection) => Promise<T>): Promise<T> {
  const connection = await lease.connect();
  try {
    return await work(connection);
  } finally {
    connection.closeSync();
  }
}

/** True while some engine holds `path` open in this process (the examples builder must not write then). */
export const isInstanceOpen = (path: string) => instances.has(path);
