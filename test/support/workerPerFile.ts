// Setup file of the api and e2e projects, whose files take turns in a few long-lived worker processes
// (isolate: false): the process, Node's own module cache (AWS SDK, DuckDB, playwright) and the worker's
// Chromium stay warm from one file to the next, which is most of what a file used to spend before its
// first test. Each file still starts from a clean slate where it matters: its own instances of the
// project's modules (module-scope caches, clients and settings read at load) and the environment the
// worker started with, whatever the previous file set.
import type { Browser } from 'playwright-core';
import { vi } from 'vitest';

// What the previous file left open: its local cloud (test/support/localCloud.ts) and its browser
// contexts (test/e2e/support/browser.ts), both kept on globalThis by those modules.
const shared = globalThis as { [key: symbol]: unknown };
for (const stop of [...((shared[Symbol.for('sqlscape.test.openClouds')] as Set<() => Promise<void>>) ?? [])]) {
  await stop().catch((error: unknown) => console.error('[test] stopping the local cloud a previous file left running failed:', error));
}
const chromium = shared[Symbol.for('sqlscape.e2e.chromium')] as Promise<Browser> | undefined;
const browser = await chromium?.catch(() => undefined);
for (const context of browser?.contexts() ?? []) await context.close().catch(() => undefined);

const BASELINE = Symbol.for('sqlscape.test.workerEnv');
const holder = globalThis as { [BASELINE]?: Record<string, string> };
// Vitest's own variables (worker and pool ids) are its to set per file.
const ours = (key: string) => !key.startsWith('VITEST');
const baseline = (holder[BASELINE] ??= Object.fromEntries(Object.entries(process.env).filter(([k, v]) => ours(k) && v !== undefined)) as Record<string, string>);
for (const key of Object.keys(process.env)) if (ours(key) && !(key in baseline)) delete process.env[key];
Object.assign(process.env, baseline);

vi.resetModules();
