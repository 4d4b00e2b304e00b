// Explore benchmark in real Chromium against the local stack (run: npm run bench explore).
//   1. /explore/?slice_id=N of a saved aggregate chart: navigation start -> chart painted   (median < 1.5 s)
//   2. a control changed + Update chart -> new chart painted, the query cached on the server (median < 300 ms)
//   3. JavaScript loaded by /explore/ after login, each file gzipped (level 9) and summed   (<= 600 KB)
// Prints one table; a missed budget shows "NO" in `within budget`, only errors exit non-zero.
// Env: EXPLORE_BENCH_RUNS (measured runs, default 5).
import { availableParallelism, loadavg } from 'node:os';
import type { Page } from 'playwright-core';
import { launchBrowser, loginAs } from '../e2e/support/browser';
import { startE2eStack } from '../e2e/support/stack';
import { fmt, median, printTable, runBrowserBench } from './support';
import { measureScripts } from './pageScripts';

const RUNS = Math.max(1, Number(process.env.EXPLORE_BENCH_RUNS ?? 5));
const BUDGET = { loadMs: 1500, updateMs: 300, jsGzipKb: 600 };
const RENDERED = '.explore__chart[data-status="rendered"]';
const yesNo = (ok: boolean) => (ok ? 'yes' : 'NO');

/** ms from the page's navigation start to the chart painted (read in the page, polled each frame). */
async function loadChart(page: Page, url: string): Promise<number> {
  await page.goto(url);
  const handle = await page.waitForFunction((sel) => (document.querySelector(sel) ? performance.now() : false), RENDERED, { timeout: 60_000, polling: 'raf' });
  return (await handle.jsonValue()) as number;
}

/** Sets the row limit, clicks Update chart in the page and returns the ms until the chart is painted again. */
async function updateChart(page: Page, rowLimit: string): Promise<number> {
  await page.getByLabel('Row limit').fill(rowLimit);
  const update = page.getByRole('button', { name: 'Update chart' });
  await update.waitFor();
  const handle = await page.evaluateHandle(() => {
    const chart = document.querySelector('.explore__chart')!;
    const button = Array.from(document.querySelectorAll('button')).find((b) => b.textContent?.trim() === 'Update chart')!;
    return new Promise<number>((resolve) => {
      let left = false;
      const t0 = performance.now();
      const observer = new MutationObserver(() => {
        const status = chart.getAttribute('data-status');
        if (status !== 'rendered') left = true;
        else if (left) {
          observer.disconnect();
          requestAnimationFrame(() => resolve(performance.now() - t0));
        }
      });
      observer.observe(chart, { attributes: true, attributeFilter: ['data-status'] });
      button.click();
    });
  });
  return (await handle.jsonValue()) as number;
}

await runBrowserBench(async (opened) => {
  const cloud = (opened.cloud = await startE2eStack({ env: { SEED_EXAMPLE_CHARTS: '1' } }));
  const token = await cloud.login('admin', 'admin');
  const charts = (await (await fetch(`${cloud.url}/api/v1/chart/?q=(page_size:100)`, { headers: { Authorization: `Bearer ${token}` } })).json()) as { result: { id: number; viz_type: string; slice_name: string }[] };
  const chart = charts.result.find((c) => c.viz_type === 'echarts_timeseries_bar') ?? charts.result.find((c) => c.viz_type !== 'table');
  if (!chart) throw new Error('no example chart to open (SEED_EXAMPLE_CHARTS)');
  const url = `${cloud.url}/explore/?slice_id=${chart.id}`;

  const browser = (opened.browser = await launchBrowser({ viewport: { width: 1440, height: 1000 } }));
  const page = await browser.newPage();
  await loginAs(page, cloud.url, 'admin', 'admin');

  // 3. Scripts of /explore/ (cache disabled), which also warms the server's query cache.
  const scripts = await measureScripts(page, async () => {
    await page.goto(url, { waitUntil: 'load' });
    await page.locator(RENDERED).waitFor({ timeout: 60_000 });
  });
  const jsGzipKb = scripts.reduce((n, s) => n + s.gzip, 0) / 1024;

  // 1. Cold page loads (a new navigation each time; the chart's query answered from the cache).
  const loads: number[] = [];
  for (let i = 0; i < RUNS; i++) loads.push(await loadChart(page, url));

  // 2. Two row limits in turn: the first round fills the cache, the measured rounds hit it.
  const limits = ['500', '1000'];
  for (const limit of limits) await updateChart(page, limit);
  const updates: number[] = [];
  for (let i = 0; i < RUNS; i++) updates.push(await updateChart(page, limits[i % 2]));

  printTable(`Explore (${chart.slice_name}, ${chart.viz_type}; ${RUNS} runs; load ${loadavg().map((l) => l.toFixed(2)).join(' ')} on ${availableParallelism()} cores)`, [
    { measure: '/explore/ load to chart painted, median ms', value: fmt(median(loads), 0), budget: BUDGET.loadMs, 'within budget': yesNo(median(loads) < BUDGET.loadMs) },
    { measure: 'control change to chart painted (cached), median ms', value: fmt(median(updates), 0), budget: BUDGET.updateMs, 'within budget': yesNo(median(updates) < BUDGET.updateMs) },
    { measure: 'JavaScript for /explore/, gzip KB', value: fmt(jsGzipKb, 1), budget: BUDGET.jsGzipKb, 'within budget': yesNo(jsGzipKb <= BUDGET.jsGzipKb) },
  ]);
  console.log(`loads (ms): ${loads.map((t) => fmt(t, 0)).join(', ')}; updates (ms): ${updates.map((t) => fmt(t, 0)).join(', ')}`);
});
