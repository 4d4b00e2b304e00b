// Dashboard benchmark in real Chromium against the local stack (run: npm run bench dashboard).
// A 50-chart dashboard (the example charts and copies of them, mixed viz types, 4 per row):
//   1. first chart painted                           (cold server cache < 1 s)
//   2. every chart in the first viewport painted     (< 2.5 s)
//   3. all 50 charts painted after scrolling down    (< 5 s; warm server cache < 2 s)
//   4. dragging a chart in edit mode (HTML5 move over the drop zones, then a react-rnd resize): p95 frame < 20 ms
// Times run from the page's navigation start. "Cold" is the server's chart data cache, not a function's
// cold start: the functions' modules are loaded first, as `npm start` does in the background. Prints tables; a missed budget shows "NO"; only errors exit non-zero.
// Env: DASHBOARD_BENCH_RUNS (warm runs, default 3).
import { availableParallelism, loadavg } from 'node:os';
import type { Page } from 'playwright-core';
import { launchBrowser, loginAs } from '../e2e/support/browser';
import { startE2eStack } from '../e2e/support/stack';
import { loadDashboard, makeDashboard } from './dashboardSupport';
import { fmt, median, percentile, printTable, runBrowserBench } from './support';
import { loadAllHandlers } from '../../infra/local/lambda';
import { handlerModules } from '../../shared/routes/index';
import { defineNameHelper } from './uiProbes';

const RUNS = Math.max(1, Number(process.env.DASHBOARD_BENCH_RUNS ?? 3));
const CHARTS = 50;
const BUDGET = { firstMs: 1000, viewportMs: 2500, allMs: 5000, allWarmMs: 2000, frameP95Ms: 20 };
const yesNo = (ok: boolean) => (ok ? 'yes' : 'NO');

/** Records animation frame deltas while `act` runs (in the page's own frame loop). */
async function framesDuring(page: Page, act: () => Promise<void>): Promise<number[]> {
  await defineNameHelper(page);
  await page.evaluate(() => {
    const w = window as unknown as { __frames: number[]; __framesOn: boolean };
    w.__frames = [];
    w.__framesOn = true;
    let last = performance.now();
    const tick = (t: number) => {
      w.__frames.push(t - last);
      last = t;
      if (w.__framesOn) requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  });
  await act();
  return page.evaluate(() => {
    const w = window as unknown as { __frames: number[]; __framesOn: boolean };
    w.__framesOn = false;
    return w.__frames.slice(1);
  });
}

async function dragSteps(page: Page, from: { x: number; y: number }, to: { x: number; y: number }, steps: number) {
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  for (let i = 1; i <= steps; i++) {
    await page.mouse.move(from.x + ((to.x - from.x) * i) / steps, from.y + ((to.y - from.y) * i) / steps);
  }
  await page.mouse.up();
}

await runBrowserBench(async (opened) => {
  const cloud = (opened.cloud = await startE2eStack({ env: { SEED_EXAMPLE_CHARTS: '1' } }));
  const token = await cloud.login('admin', 'admin');
  const { id } = await makeDashboard(cloud, token);
  const failedModules = await loadAllHandlers(handlerModules);
  if (failedModules) throw new Error(`${failedModules} function modules failed to load`);
  const url = `${cloud.url}/superset/dashboard/${id}/`;
  const browser = (opened.browser = await launchBrowser({ viewport: { width: 1600, height: 1000 } }));
  const page = await browser.newPage();
  await loginAs(page, cloud.url, 'admin', 'admin');

  const cold = await loadDashboard(page, url);
  const warm = [];
  for (let i = 0; i < RUNS; i++) warm.push(await loadDashboard(page, url));
  const warmAll = median(warm.map((w) => w.all));

  // Edit mode: move the first chart over the drop zones, then resize another one.
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.getByRole('button', { name: 'Edit dashboard' }).click();
  const handle = page.locator('.edit-tools__handle').nth(1);
  await handle.waitFor();
  // Onto the drop zone between the first two rows (a full row takes no fifth chart): the chart really
  // moves into a row of its own (checked below).
  const chartOrder = () => page.locator('.dash-chart__card').evaluateAll((cards) => cards.map((c) => (c as HTMLElement).dataset.chartId).join(','));
  const before = await chartOrder();
  const zone = page.locator('.dash-grid > .drop-zone--vertical').nth(1);
  const h = (await handle.boundingBox())!;
  const z = (await zone.boundingBox())!;
  const moveFrames = await framesDuring(page, () => dragSteps(page, { x: h.x + h.width / 2, y: h.y + h.height / 2 }, { x: z.x + z.width / 2, y: z.y + z.height / 2 }, 60));
  const moved = (await chartOrder()) !== before;
  const corner = page.locator('.resize-handle--corner').nth(1);
  const c = (await corner.boundingBox())!;
  const resizeFrames = await framesDuring(page, () => dragSteps(page, { x: c.x + c.width / 2, y: c.y + c.height / 2 }, { x: c.x + 300, y: c.y + 150 }, 60));

  const row = (measure: string, value: number, budget: number) => ({ measure, 'value ms': fmt(value, 0), 'budget ms': budget, 'within budget': yesNo(value < budget) });
  printTable(`Dashboard of ${CHARTS} charts (warm runs ${RUNS}; load ${loadavg().map((l) => l.toFixed(2)).join(' ')} on ${availableParallelism()} cores)`, [
    row('cold cache: first chart painted', cold.first, BUDGET.firstMs),
    row('cold cache: every chart in view painted', cold.viewport, BUDGET.viewportMs),
    row('cold cache: all charts painted after scrolling', cold.all, BUDGET.allMs),
    row('warm cache: all charts painted after scrolling (median)', warmAll, BUDGET.allWarmMs),
    row('edit mode: moving a chart, p95 frame', percentile(moveFrames, 95), BUDGET.frameP95Ms),
    row('edit mode: resizing a chart, p95 frame', percentile(resizeFrames, 95), BUDGET.frameP95Ms),
  ]);
  const failed = [cold, ...warm].reduce((n, r) => Math.max(n, r.failed), 0);
  console.log(`warm runs (first / in view / all, ms): ${warm.map((w) => `${fmt(w.first, 0)}/${fmt(w.viewport, 0)}/${fmt(w.all, 0)}`).join(', ')}; charts failed: ${failed}; frames: move ${moveFrames.length}, resize ${resizeFrames.length}; the dragged chart moved: ${moved ? 'yes' : 'NO'}`);
});
