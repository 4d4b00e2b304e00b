// Open engines are reused across invocations of a warm container (a DuckDB file or a pg pool is
// costly to open). The cache key includes changed_on, so an edited connection opens a fresh engine.
import { LIMITS } from '../../shared/constants';
import { openEngine } from '../engines/registry';
import { ensureExamplesFile } from './examplesFile';
import { revealPassword } from './revealPassword';
import type { DatabaseConfig, Engine } from '../engines/types';
import { observeEngine } from '../observability/engineCalls';

interface Cached {
  changedOn: string;
  engine: Promise<Engine>;
}

const cache = new Map<number, Cached>();

/** Every open goes through here: DuckDB would create an empty file where the examples copy belongs. */
// It is also the one place a stored password is unsealed.
const openDatabaseEngine = (db: DatabaseConfig) =>
  ensureExamplesFile(db).then(() => revealPassword(db)).then(openEngine).then(observeEngine);

// A replaced engine may still be serving a query started before the edit: close it only after the
// longest query could have finished. unref() so the timer never keeps a process alive.
function retire(engine: Promise<Engine>) {
  setTimeout(() => {
    engine.then((e) => e.close()).catch(() => undefined);
  }, LIMITS.asyncTimeoutMs).unref();
}

export function engineFor(db: DatabaseConfig & { changed_on: string }): Promise<Engine> {
  const hit = cache.get(db.id);
  if (hit && hit.changedOn === db.changed_on) return hit.engine;
  if (hit) retire(hit.engine);
  const engine = openDatabaseEngine(db);
  cache.set(db.id, { changedOn: db.changed_on, engine });
  // A failed open must not be cached: the next call retries (the server may be back).
  engine.catch(() => {
    if (cache.get(db.id)?.engine === engine) cache.delete(db.id);
  });
  return engine;
}

/** Drops a deleted database's engine (after in-flight work could finish). */
export function forgetEngine(id: number): void {
  const hit = cache.get(id);
  if (!hit) return;
  cache.delete(id);
  retire(hit.engine);
}

/** Opens an engine for a connection that is not (yet) saved, runs `fn`, and always closes it. */
export async function withTransientEngine<T>(config: DatabaseConfig, fn: (engine: Engine) => Promise<T>): Promise<T> {
  const engine = await openDatabaseEngine(config);
  try {
    return await fn(engine);
  } finally {
    await engine.close().catch(() => undefined);
  }
}

/** Closes every cached engine now (tests, and the local cloud on shutdown). */
export async function closeAllEngines(): Promise<void> {
  const engines = [...cache.values()].map((c) => c.engine);
  cache.clear();
  await Promise.all(engines.map((e) => e.then((x) => x.close()).catch(() => undefined)));
}
