// Small helpers shared by the benchmarks: medians, percentiles, free ports and table printing.
import { createServer } from 'node:net';

export const median = (xs: number[]) => percentile(xs, 50);

export function percentile(xs: number[], p: number) {
  const s = [...xs].sort((a, b) => a - b);
  if (s.length === 0) return NaN;
  const i = Math.min(s.length - 1, Math.max(0, Math.ceil((p / 100) * s.length) - 1));
  return s[i];
}

export const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });

export function printTable(title: string, rows: Record<string, string | number>[]) {
  console.log(`\n${title}`);
  console.table(rows);
}

export const fmt = (n: number, digits = 1) => Number(n.toFixed(digits));

/** What a browser bench opened, closed by runBrowserBench whatever happens. */
export interface BenchResources {
  cloud?: { stop(): Promise<void> };
  browser?: { close(): Promise<void> };
}

/**
 * A browser bench's frame: runs `body`, prints a failure and exits non-zero (a missed budget is not a
 * failure: benches print it), and always closes the browser and stops the local cloud it opened.
 */
export async function runBrowserBench(body: (opened: BenchResources) => Promise<void>): Promise<never> {
  const opened: BenchResources = {};
  let exitCode = 0;
  try {
    await body(opened);
  } catch (e) {
    console.error(e instanceof Error ? (e.stack ?? e.message) : e);
    exitCode = 1;
  } finally {
    await opened.browser?.close().catch((e) => console.error('closing the browser:', e));
    await opened.cloud?.stop().catch((e) => console.error('stopping the local cloud:', e));
  }
  process.exit(exitCode);
}
