// What JavaScript a page load fetches: every script, cache disabled, with its raw and gzip (level 9)
// size and whether it carries ECharts (for the per-route budgets of the UI benchmarks).
import { gzipSync } from 'node:zlib';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page, Response } from 'playwright-core';
import { REPO_ROOT } from '../../infra/local/stack';

export const ECHARTS_MARKERS = ['_echarts_instance_', 'zrender'];

/** Every script the page loads while `load` runs, cache disabled, bodies gzipped at level 9. */
export async function measureScripts(page: Page, load: () => Promise<void>) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  const bodies = new Map<string, Promise<Buffer>>();
  const onResponse = (res: Response) => {
    const url = new URL(res.url());
    const type = res.headers()['content-type'] ?? '';
    const isScript = /\.m?js$/.test(url.pathname) || /javascript/.test(type) || res.request().resourceType() === 'script';
    if (!isScript || bodies.has(res.url())) return;
    // A body Chromium no longer holds is read from the built files the server sends.
    bodies.set(
      res.url(),
      res.body().catch(() => readFile(join(REPO_ROOT, 'dist/web', decodeURIComponent(url.pathname)))),
    );
  };
  page.on('response', onResponse);
  try {
    await load();
  } finally {
    page.off('response', onResponse);
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: false });
    await cdp.detach();
  }
  const files: { url: string; file: string; raw: number; gzip: number; echarts: boolean }[] = [];
  for (const [url, body] of bodies) {
    const buf = await body;
    const text = buf.toString('utf8');
    const file = new URL(url).pathname;
    files.push({
      url,
      file,
      raw: buf.length,
      gzip: gzipSync(buf, { level: 9 }).length,
      echarts: /echarts|zrender/i.test(file) || ECHARTS_MARKERS.some((m) => text.includes(m)),
    });
  }
  return files.sort((a, b) => b.gzip - a.gzip);
}

