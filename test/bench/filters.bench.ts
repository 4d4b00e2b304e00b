// Native filter benchmark in real Chromium against the local stack (run: npm run bench filters).
// The 50-chart dashboard of dashboard.bench.ts with one value filter (cars.Origin) scoped to the
// charts on the cars dataset. The filter is changed and applied, first with only the charts in the
// first viewport loaded, then with all 50 loaded (scrolled through), and measured:
//   - chart data requests made (must be the loaded charts in scope, not 50) and the most open at once
//     (issued by the page and not yet finished: the same number as requests means none waited for another)
//   - time from the "Apply filters" click to every loaded chart in scope repainted
//   - whether a value applied before is answered from the cache (is_cached on every answer; copies of
//     one example chart ask the same query, so a new value may already be cached for the later copies)
// Prints a table; only errors exit non-zero.
import { availableParallelism, loadavg } from 'node:os';
import type { Page } from 'playwright-core';
import { launchBrowser, loginAs } from '../e2e/support/browser';
import { startE2eStack } from '../e2e/support/stack';
import { loadAllHandlers } from '../../infra/local/lambda';
import { handlerModules } from '../../shared/routes/index';
import { benchApi, loadDashboard, makeDashboard, type BenchChart } from './dashboardSupport';
import { fmt, printTable, runBrowserBench } from './support';
import { defineNameHelper } from './uiProbes';

const FILTER = 'NATIVE_FILTER-bench-origin';

function originFilter(cars: number, charts: BenchChart[]) {
  return {
    id: FILTER, type: 'NATIVE_FILTER', name: 'Origin', filterType: 'filter_select', targets: [{ datasetId: cars, column: { name: 'Origin' } }],
    controlValues: { multiSelect: false }, defaultDataMask: { filterState: { value: null } }, cascadeParentIds: [],
    scope: { rootPath: ['ROOT_ID'], excluded: charts.filter((c) => c.datasourceId !== cars).map((c) => c.id) },
  };
}

interface ApplyMeasure {
  requests: number;
  expected: number;
  maxInFlight: number;
  repaintMs: number;
  cached: number;
  answers: number;
}

/** Chooses `value` in the Origin filter, clicks Apply, and waits for every loaded chart in scope to repaint. */
async function applyValue(page: Page, value: string, inScope: number[]): Promise<ApplyMeasure> {
  await page.getByRole('list', { name: 'Origin values' }).getByLabel(value, { exact: true }).check();
  // Charts in scope that have been queried: these, and only these, re-query.
  const loaded = await page.evaluate((ids) => ids.filter((id) => (document.querySelector<HTMLElement>(`.dash-chart__card[data-chart-id="${id}"]`)?.dataset.status ?? '') !== ''), inScope);
  const requests = new Map<import('playwright-core').Request, { start: number; end: number; cached: boolean | null }>();
  const reading: Promise<void>[] = [];
  const chartOf = (request: import('playwright-core').Request) =>
    request.url().includes('/api/v1/chart/data') && request.method() === 'POST' ? Number(JSON.parse(new URL(request.url()).searchParams.get('form_data') ?? '{}').slice_id) || 0 : 0;
  const onRequest = (request: import('playwright-core').Request) => void (chartOf(request) && requests.set(request, { start: Date.now(), end: Infinity, cached: null }));
  const onFinished = (request: import('playwright-core').Request) => {
    const entry = requests.get(request);
    if (!entry) return;
    entry.end = Date.now();
    reading.push(
      request.response().then(async (response) => {
        const body = (await response?.json().catch(() => null)) as { result?: { is_cached?: boolean }[] } | null;
        entry.cached = body?.result?.every((r) => r.is_cached === true) ?? null;
      }),
    );
  };
  page.on('request', onRequest);
  page.on('requestfinished', onFinished);
  await defineNameHelper(page);
  const repaintMs = await page.evaluate(async (ids) => {
    const seen = new Map<number, string[]>(ids.map((id) => [id, []]));
    const observer = new MutationObserver((records) => {
      for (const r of records) {
        const el = r.target as HTMLElement;
        seen.get(Number(el.dataset.chartId))?.push(el.dataset.status ?? '');
      }
    });
    for (const id of ids) {
      const card = document.querySelector(`.dash-chart__card[data-chart-id="${id}"]`);
      if (card) observer.observe(card, { attributes: true, attributeFilter: ['data-status'] });
    }
    const repainted = (id: number) => {
      const s = seen.get(id)!;
      const at = s.lastIndexOf('loading');
      return at >= 0 && s.slice(at + 1).some((x) => x === 'success' || x === 'rendered' || x === 'failed');
    };
    const button = Array.from(document.querySelectorAll('button')).find((b) => b.textContent === 'Apply filters')!;
    const t0 = performance.now();
    button.click();
    const deadline = t0 + 60_000;
    while (performance.now() < deadline) {
      const now = await new Promise<number>((resolve) => requestAnimationFrame(resolve));
      if (ids.every(repainted)) {
        observer.disconnect();
        return now - t0;
      }
    }
    throw new Error(`charts not repainted within 60 s: ${ids.filter((id) => !repainted(id)).join(', ')}`);
  }, loaded);
  page.off('request', onRequest);
  page.off('requestfinished', onFinished);
  // Answers still being read (is_cached) are awaited.
  await Promise.all(reading);
  const measured = [...requests.values()];
  const events = measured.flatMap((r) => [{ t: r.start, d: 1 }, { t: r.end, d: -1 }]).sort((a, b) => a.t - b.t || a.d - b.d);
  let inFlight = 0;
  let maxInFlight = 0;
  for (const e of events) maxInFlight = Math.max(maxInFlight, (inFlight += e.d));
  return { requests: measured.length, expected: loaded.length, maxInFlight, repaintMs, cached: measured.filter((r) => r.cached).length, answers: measured.filter((r) => r.cached !== null).length };
}

await runBrowserBench(async (opened) => {
  const cloud = (opened.cloud = await startE2eStack({ env: { SEED_EXAMPLE_CHARTS: '1' } }));
  const token = await cloud.login('admin', 'admin');
  const call = benchApi(cloud, token);
  const cars = (await call(`/api/v1/dataset/?q=${encodeURIComponent('(filters:!((col:table_name,opr:eq,value:cars)))')}`)).result[0].id as number;
  const { id, charts } = await makeDashboard(cloud, token, { metadata: (made) => ({ native_filter_configuration: [originFilter(cars, made)] }) });
  // The functions' modules loaded first, as `npm start` does in the background (dashboard.bench.ts too).
  const failedModules = await loadAllHandlers(handlerModules);
  if (failedModules) throw new Error(`${failedModules} function modules failed to load`);
  const inScope = charts.filter((c) => c.datasourceId === cars).map((c) => c.id);
  const url = `${cloud.url}/superset/dashboard/${id}/`;
  const browser = (opened.browser = await launchBrowser({ viewport: { width: 1600, height: 1000 } }));
  const page = await browser.newPage();
  await loginAs(page, cloud.url, 'admin', 'admin');

  const rows: Record<string, string | number>[] = [];
  const row = (step: string, m: ApplyMeasure) =>
    rows.push({ step, 'chart data requests': m.requests, 'loaded charts in scope': m.expected, 'requests = in scope': m.requests === m.expected ? 'yes' : 'NO', 'most requests open at once': m.maxInFlight, 'apply to repainted ms': fmt(m.repaintMs, 0), 'answers cached': `${m.cached}/${m.answers}` });

  // 1. Only the first viewport loaded (no scrolling).
  await page.goto(url);
  await page.getByRole('list', { name: 'Origin values' }).getByLabel('USA', { exact: true }).waitFor();
  await page.waitForFunction(() => {
    const cards = Array.from(document.querySelectorAll<HTMLElement>('.dash-chart__card'));
    const started = cards.filter((c) => c.dataset.status !== '');
    return started.length > 0 && started.every((c) => ['success', 'rendered', 'failed'].includes(c.dataset.status ?? ''));
  }, undefined, { timeout: 60_000 });
  row('viewport loaded: USA (new value)', await applyValue(page, 'USA', inScope));
  row('viewport loaded: Japan (new value)', await applyValue(page, 'Japan', inScope));
  row('viewport loaded: USA again', await applyValue(page, 'USA', inScope));

  // 2. All 50 charts loaded (scrolled through), back at the top.
  await loadDashboard(page, url);
  await page.evaluate(() => window.scrollTo(0, 0));
  row('all loaded: Europe (new value)', await applyValue(page, 'Europe', inScope));
  row('all loaded: Japan (seen before)', await applyValue(page, 'Japan', inScope));
  row('all loaded: Europe again', await applyValue(page, 'Europe', inScope));

  printTable(`Value filter on a dashboard of ${charts.length} charts, ${inScope.length} in its scope (load ${loadavg().map((l) => l.toFixed(2)).join(' ')} on ${availableParallelism()} cores)`, rows);
});
