// First-start data: the examples DuckDB file (built once from vega-datasets, then reused) and the
// seed users and examples database record. Both come from other parts of the code base, imported
// lazily so a missing piece gives one clear message instead of a failed import at startup.
import { copyFile, mkdir, rename, stat } from 'node:fs/promises';
import { dirname } from 'node:path';
import type { Ports } from '../../functions/ports/index';

async function importOrExplain<T>(specifier: string, what: string): Promise<T> {
  try {
    return (await import(specifier)) as T;
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'ERR_MODULE_NOT_FOUND' || /Cannot find module|Failed to load url/.test(String(error))) {
      throw new Error(`The local cloud needs ${what}, which is missing: ${(error as Error).message}`);
    }
    throw error;
  }
}

const exists = (path: string) => stat(path).then(() => true, () => false);

/**
 * Makes sure `target` holds the examples database. With a `cache` path the file is built there once
 * and copied, so many fresh data folders (one per test file) do not rebuild it each time.
 */
export async function ensureExamples(target: string, cache?: string): Promise<'present' | 'copied' | 'built'> {
  if (await exists(target)) return 'present';
  await mkdir(dirname(target), { recursive: true });
  const built = cache ?? target;
  let outcome: 'copied' | 'built' = 'copied';
  if (!(await exists(built))) {
    const { buildExamples } = await importOrExplain<{ buildExamples(path: string): Promise<unknown> }>(
      '../../functions/engines/duckdb/examples',
      'functions/engines/duckdb/examples.ts (buildExamples)',
    );
    await mkdir(dirname(built), { recursive: true });
    // Build under a temporary name: a crash mid-build must not leave a half file that looks done.
    const partial = `${built}.${process.pid}.partial`;
    await buildExamples(partial);
    await rename(partial, built);
    outcome = 'built';
  }
  if (built !== target) await copyFile(built, target);
  return outcome;
}

export async function seed(ports: Ports, examplesPath: string) {
  const { bootstrapLocal } = await importOrExplain<{
    bootstrapLocal(ports: Ports, options: { examplesPath: string; exampleCharts?: boolean }): Promise<unknown>;
  }>('../../functions/platform/bootstrap', 'functions/platform/bootstrap.ts (bootstrapLocal)');
  // SEED_EXAMPLE_CHARTS=0 skips the example datasets and charts (test clouds that count datasets).
  return bootstrapLocal(ports, { examplesPath, exampleCharts: process.env.SEED_EXAMPLE_CHARTS !== '0' });
}
