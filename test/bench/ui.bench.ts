// SQL editor benchmark in real Chromium against the local stack (run: node --import tsx test/bench/ui.bench.ts).
//   1. Run -> first result row painted, 100,000 rows from the examples DuckDB database   (median < 1.5 s)
//   2. scrolling the 100,000-row grid top to bottom in ~3 s: 95th percentile frame time   (p95 < 20 ms)
//   3. JavaScript loaded by /sqllab/ after login, each file gzipped (level 9) and summed   (< 350 KB)
//      and no loaded chunk contains ECharts.
// Prints one table; a missed budget shows "NO" in `within budget`, only errors exit non-zero.
// Env: UI_BENCH_RUNS (measured runs, default 5), UI_BENCH_SCROLLS (default 3), UI_BENCH_SCROLL_MS (default 3000).
import { gzipSync } from 'node:zlib';
import { availableParallelism, loadavg } from 'node:os';
import type { Page } from 'playwright-core';
import { launchBrowser, loginAs } from '../e2e/support/browser';
import { startE2eStack } from '../e2e/support/stack';
import { fmt, median, percentile, printTable, runBrowserBench } from './support';
import { armFirstRowProbe, installFirstRowProbe, readFirstRowProbe, scrollBaseline, scrollGrid } from './uiProbes';
import { ECHARTS_MARKERS, measureScripts } from './pageScripts';

const RUNS = Math.max(1, Number(process.env.UI_BENCH_RUNS ?? 5));
const SCROLLS = Math.max(1, Number(process.env.UI_BENCH_SCROLLS ?? 3));
const SCROLL_MS = Number(process.env.UI_BENCH_SCROLL_MS ?? 3000);
const ROWS = 100_000;
const SQL = `SELECT * FROM flights_3m LIMIT ${ROWS}`;
const RUN_TIMEOUT_MS = 120_000;
const BUDGET = { firstRowMs: 1500, frameP95Ms: 20, jsGzipKb: 350 };

const yesNo = (ok: boolean) => (ok ? 'yes' : 'NO');

async function waitForEditorReady(page: Page) {
  await page.getByRole('button', { name: 'Run', exact: true }).or(page.getByRole('button', { name: 'Stop', exact: true })).waitFor({ timeout: 60_000 });
  await page.getByLabel('SQL editor').waitFor({ timeout: 60_000 });
}

/** Examples database selected, the 100k limit chosen and the SQL in the editor. */
async function prepareEditor(page: Page) {
  const database = page.getByRole('combobox', { name: 'Database' });
  const options = await database.locator('option').allTextContents();
  const examples = options.find((o) => /^examples\b/i.test(o.trim()));
  if (!examples) throw new Error(`no examples database in the Database selector (options: ${options.join(', ')})`);
  await database.selectOption({ label: examples });
  const limit = page.getByRole('combobox', { name: 'Row limit' });
  const limits = await limit.locator('option').evaluateAll((els) => els.map((e) => (e as HTMLOptionElement).value));
  if (!limits.includes(String(ROWS))) throw new Error(`the Row limit control offers no ${ROWS} (options: ${limits.join(', ')})`);
  await limit.selectOption(String(ROWS));
  const editor = page.getByLabel('SQL editor');
  await editor.click();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.insertText(SQL);
  await page.keyboard.press('Escape'); // closes an autocompletion popup, if any
  const text = await editor.innerText();
  if (text.replace(/\s+/g, ' ').trim() !== SQL) throw new Error(`the SQL editor holds "${text}" instead of the benchmark SQL`);
}

/**
 * Clicks Run and returns the ms from the click to the first new result row painted, and from the
 * click to the query's API response fully received (null when the page did not report it).
 */
async function runOnce(page: Page): Promise<{ firstRow: number; api: number | null }> {
  const run = page.getByRole('button', { name: 'Run', exact: true });
  await run.waitFor();
  if (await run.isDisabled()) throw new Error('the Run button is disabled (no database or no SQL?)');
  await armFirstRowProbe(page);
  await run.click();
  const results = page.getByRole('grid', { name: 'Query results' });
  // One condition in the page: the first row was painted, or the results pane shows an error.
  const outcome = await page
    .waitForFunction(
      () => {
        const probe = (window as unknown as { __uiBench: { t1: number } }).__uiBench;
        if (probe.t1 > 0) return 'row';
        const error = document.querySelector('[aria-label="Results and history"] [role="alert"]');
        return error ? `error: ${(error as HTMLElement).innerText}` : false;
      },
      undefined,
      { timeout: RUN_TIMEOUT_MS, polling: 'raf' },
    )
    .then((h) => h.jsonValue() as Promise<string>)
    .catch((e: Error) => `timeout: ${e.message.split('\n')[0]}`);
  if (outcome !== 'row') {
    const south = await page.getByRole('region', { name: 'Results and history' }).innerText().catch(() => '(no results pane)');
    throw new Error(`no result row after Run (${outcome})\nresults pane: ${south.slice(0, 500)}`);
  }
  const { t0, t1, apiEnd } = await readFirstRowProbe(page);
  const rowCount = Number(await results.getAttribute('aria-rowcount')) - 1;
  if (rowCount !== ROWS) throw new Error(`the result grid holds ${rowCount} rows, expected ${ROWS}`);
  // The next run starts from an idle editor.
  await run.waitFor({ timeout: RUN_TIMEOUT_MS });
  return { firstRow: t1 - t0, api: apiEnd === null ? null : apiEnd - t0 };
}

await runBrowserBench(async (opened) => {
  const cloud = (opened.cloud = await startE2eStack());
  const browser = (opened.browser = await launchBrowser());
  const page = await browser.newPage();
  const pageErrors: string[] = [];
  page.on('pageerror', (e) => pageErrors.push(e.message));
  await loginAs(page, cloud.url, 'admin', 'admin');

  // 3. JavaScript for /sqllab/ (a full load of the page, after login, cache disabled).
  const scripts = await measureScripts(page, async () => {
    await page.goto(`${cloud.url}/sqllab/`, { waitUntil: 'load' });
    await waitForEditorReady(page);
  });
  const jsGzipKb = scripts.reduce((n, s) => n + s.gzip, 0) / 1024;
  const jsRawKb = scripts.reduce((n, s) => n + s.raw, 0) / 1024;
  const withEcharts = scripts.filter((s) => s.echarts).map((s) => s.file);

  // Chunks fetched later (first Run, the grid, ...) are not part of the page load; they are listed.
  const later = new Map<string, Promise<Buffer | null>>();
  page.on('response', (res) => {
    if (/\.m?js$/.test(new URL(res.url()).pathname) && !scripts.some((s) => s.url === res.url()) && !later.has(res.url())) {
      later.set(res.url(), res.body().catch(() => null));
    }
  });

  // 1. Run -> first row painted: one warm-up run, then RUNS measured runs in the same tab.
  await installFirstRowProbe(page);
  await prepareEditor(page);
  const warmup = await runOnce(page);
  const firstRow: number[] = [];
  const apiTimes: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const r = await runOnce(page);
    firstRow.push(r.firstRow);
    if (r.api !== null) apiTimes.push(r.api);
  }

  // 2. Scrolling the 100k rows top to bottom, SCROLLS times.
  const grid = page.getByRole('grid', { name: 'Query results' });
  const frames: number[] = [];
  const p95s: number[] = [];
  const loafs: number[] = [];
  let loafSupported = false;
  for (let i = 0; i < SCROLLS; i++) {
    const r = await scrollGrid(page, SCROLL_MS);
    frames.push(...r.deltas);
    p95s.push(percentile(r.deltas, 95));
    loafs.push(...r.loafs);
    loafSupported = r.loafSupported;
    // The last row is rendered at the bottom: the scroll really went through all 100k rows.
    await grid.locator(`[role="row"][aria-rowindex="${ROWS + 1}"]`).waitFor({ timeout: 10_000 });
  }
  // The machine's own frame times (blank page, same browser) to read the grid's numbers against.
  const baselinePage = await browser.newPage();
  const baseline = await scrollBaseline(baselinePage, SCROLL_MS);
  await baselinePage.close();
  if (pageErrors.length) console.warn(`page errors during the run:\n  ${pageErrors.join('\n  ')}`);

  const laterFiles: string[] = [];
  for (const [url, body] of later) {
    const buf = await body;
    const echarts = /echarts|zrender/i.test(url) || (buf !== null && ECHARTS_MARKERS.some((m) => buf.toString('utf8').includes(m)));
    laterFiles.push(`${new URL(url).pathname}${buf ? ` ${fmt(gzipSync(buf, { level: 9 }).length / 1024, 1)} KB gzip` : ''}${echarts ? ' (ECharts!)' : ''}`);
  }
  const laterNote = laterFiles.join(', ') || 'none';

  const firstRowMedian = median(firstRow);
  const frameP95 = percentile(frames, 95);
  const rows = [
    {
      measurement: `Run -> first row painted, ${ROWS.toLocaleString('en-US')} rows, median (ms)`,
      value: fmt(firstRowMedian, 0),
      budget: `< ${BUDGET.firstRowMs}`,
      'within budget': yesNo(firstRowMedian < BUDGET.firstRowMs),
    },
    {
      measurement: `Scroll ${ROWS.toLocaleString('en-US')} rows in ${SCROLL_MS / 1000} s, frame time p95 (ms)`,
      value: fmt(frameP95, 1),
      budget: `< ${BUDGET.frameP95Ms}`,
      'within budget': yesNo(frameP95 < BUDGET.frameP95Ms),
    },
    {
      measurement: 'JavaScript loaded by /sqllab/, gzip -9 (KB)',
      value: fmt(jsGzipKb, 1),
      budget: `< ${BUDGET.jsGzipKb}`,
      'within budget': yesNo(jsGzipKb < BUDGET.jsGzipKb),
    },
    {
      measurement: 'Chunks of /sqllab/ holding ECharts',
      value: withEcharts.length,
      budget: '0',
      'within budget': yesNo(withEcharts.length === 0),
    },
  ];
  printTable(`SQL editor in Chromium (${RUNS} measured runs after 1 warm-up, ${SCROLLS} scrolls)`, rows);
  const over = (100 * frames.filter((f) => f > 17.5).length) / frames.length;
  console.log(
    [
      `first row (ms): runs ${firstRow.map((t) => fmt(t, 0)).join(', ')}; warm-up ${fmt(warmup.firstRow, 0)}; ` +
        (apiTimes.length ? `query API response fully received ${fmt(median(apiTimes), 0)} ms after the click (median)` : 'query API response time not reported'),
      `scroll frames: ${frames.length}, ${fmt(over, 1)}% longer than one 60 Hz frame; median ${fmt(median(frames), 1)} ms, max ${fmt(Math.max(...frames), 1)} ms; ` +
        `p95 per scroll ${p95s.map((p) => fmt(p, 1)).join(', ')}; blank-page baseline p95 ${fmt(percentile(baseline, 95), 1)} ms; ` +
        (loafSupported ? `long animation frames: ${loafs.length}${loafs.length ? ` (max ${fmt(Math.max(...loafs), 0)} ms)` : ''}` : 'long-animation-frame entries not supported'),
      `scripts: ${scripts.length} files, ${fmt(jsRawKb, 0)} KB raw; ECharts: ${withEcharts.join(', ') || 'none'}`,
      `scripts fetched after the load (runs, grid, scroll): ${laterNote}`,
      `load average: ${loadavg().map((l) => l.toFixed(2)).join(' ')} on ${availableParallelism()} cores`,
    ].join('\n'),
  );
  printTable(
    'Scripts loaded by /sqllab/ (KB = 1024 bytes)',
    scripts.map((s) => ({ file: s.file, 'raw KB': fmt(s.raw / 1024, 1), 'gzip KB': fmt(s.gzip / 1024, 1), echarts: s.echarts ? 'YES' : '' })),
  );
});
