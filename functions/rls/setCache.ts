// The row level security set as this container last read it, reused for RLS_CACHE_MS. Every chart
// data request needs the whole set (up to 390 kB, one item): read strongly consistent each time, that
// one item's partition caps a deployment at a few tens of chart loads per second, and a dashboard
// opens dozens at once. A change saved through this container forgets it at once; other containers
// apply it within RLS_CACHE_MS (infra/aws/README.md says so to admins).
// The records are held as the reader gave them (the set's reader, charts/datasource.ts, types them):
// this module imports nothing of the repository, which calls forgetRlsFilters on every write.

/** How long a read of the set is reused. */
export const RLS_CACHE_MS = 30_000;

/** Null: the set item does not exist yet. */
type Filters<T> = T[] | null;

let cached: { filters: Filters<unknown>; readAtMs: number } | undefined;

/** The set when read less than RLS_CACHE_MS ago; undefined when it must be read. */
export function cachedRlsFilters<T>(nowMs = Date.now()): Filters<T> | undefined {
  return cached && nowMs - cached.readAtMs < RLS_CACHE_MS && nowMs >= cached.readAtMs ? (cached.filters as Filters<T>) : undefined;
}

export function rememberRlsFilters<T>(filters: Filters<T>, nowMs = Date.now()): void {
  cached = { filters, readAtMs: nowMs };
}

/** After a change: the next request reads the set again. */
export function forgetRlsFilters(): void {
  cached = undefined;
}
