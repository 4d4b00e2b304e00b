// In-page probes for ui.bench.ts: the time from the Run click to the first result row painted, and
// frame times while the results grid scrolls. Everything is measured with the page's own clock
// (performance.now()), so the Playwright round trips never count.
import type { Page } from 'playwright-core';

interface Probe {
  armed: boolean;
  t0: number;
  t1: number;
  oldGrid: Element | null;
}

type BenchWindow = Window & { __uiBench: Probe };

/**
 * tsx compiles this file with esbuild's keepNames, which wraps named functions in `__name(...)`;
 * functions sent to the page need that helper there too.
 */
export const defineNameHelper = (page: Page) => page.evaluate('globalThis.__name ??= (fn) => fn');

/**
 * Installs the first-row probe once per page: a capture-phase click listener notes the click time
 * (t0), and a MutationObserver (connected while armed) notes when a data row appears in a results grid other than the one
 * shown before the click; t1 is taken after that frame is painted (requestAnimationFrame, then a
 * task queued from it, which runs once the frame has been produced).
 */
export async function installFirstRowProbe(page: Page): Promise<void> {
  await defineNameHelper(page);
  await page.evaluate(() => {
    const w = window as unknown as BenchWindow;
    if (w.__uiBench) return;
    const probe: Probe = { armed: false, t0: 0, t1: 0, oldGrid: null };
    w.__uiBench = probe;
    const GRID = '[role="grid"][aria-label="Query results"]';
    document.addEventListener(
      'click',
      (e) => {
        if (probe.armed && probe.t0 === 0) probe.t0 = performance.now();
      },
      true,
    );
    // Observes only while armed, so the scroll measurement pays nothing for it.
    let pending = false;
    const observer = new MutationObserver(() => {
      if (!probe.armed || probe.t0 === 0 || pending) return;
      const row = document.querySelector(`${GRID} [role="row"][aria-rowindex="2"]`);
      if (!row || row.closest(GRID) === probe.oldGrid) return;
      pending = true;
      observer.disconnect();
      requestAnimationFrame(() => {
        const channel = new MessageChannel();
        channel.port1.onmessage = () => {
          probe.t1 = performance.now();
          probe.armed = false;
          pending = false;
        };
        channel.port2.postMessage(null);
      });
    });
    (w as unknown as { __uiBenchObserve: () => void }).__uiBenchObserve = () => observer.observe(document.body, { childList: true, subtree: true });
  });
}

/** Arms the probe for the next click; the grid on screen now (if any) does not count. */
export async function armFirstRowProbe(page: Page): Promise<void> {
  await page.evaluate(() => {
    const probe = (window as unknown as BenchWindow).__uiBench;
    Object.assign(probe, { armed: true, t0: 0, t1: 0, oldGrid: document.querySelector('[role="grid"][aria-label="Query results"]') });
    performance.clearResourceTimings();
    (window as unknown as { __uiBenchObserve: () => void }).__uiBenchObserve();
  });
}

/**
 * The click and first-row times, and when the response of the query's API call (execute, or the
 * results fetch of an async query) had arrived, all in the page's clock.
 */
export async function readFirstRowProbe(page: Page): Promise<{ t0: number; t1: number; apiEnd: number | null }> {
  const out = await page.evaluate(() => {
    const probe = (window as unknown as BenchWindow).__uiBench;
    const api = (performance.getEntriesByType('resource') as PerformanceResourceTiming[])
      .filter((e) => /\/api\/v1\/sqllab\/(execute|results)\//.test(e.name) && e.startTime >= probe.t0 && e.responseEnd <= probe.t1)
      .map((e) => e.responseEnd);
    probe.oldGrid = null;
    return { t0: probe.t0, t1: probe.t1, apiEnd: api.length ? Math.max(...api) : null };
  });
  if (!(out.t0 > 0 && out.t1 >= out.t0)) throw new Error(`first-row probe out of order: click ${out.t0}, row ${out.t1}`);
  return out;
}

/**
 * Scrolls the results grid from top to bottom over `durationMs`, one scrollTop step per animation
 * frame, and returns the frame-to-frame deltas (ms) plus long-animation-frame durations when the
 * browser reports them.
 */
export async function scrollGrid(page: Page, durationMs: number): Promise<{ deltas: number[]; loafs: number[]; loafSupported: boolean }> {
  await defineNameHelper(page);
  return page.evaluate(async (duration) => {
    const grid = document.querySelector('[role="grid"][aria-label="Query results"]') as HTMLElement | null;
    if (!grid) throw new Error('no results grid to scroll');
    const frame = () => new Promise<number>((resolve) => requestAnimationFrame(resolve));
    grid.scrollTop = 0;
    await frame();
    await frame();
    const max = grid.scrollHeight - grid.clientHeight;
    if (max <= 0) throw new Error(`the results grid does not scroll (scrollHeight ${grid.scrollHeight}, clientHeight ${grid.clientHeight})`);
    const loafSupported = PerformanceObserver.supportedEntryTypes?.includes('long-animation-frame') ?? false;
    const loafs: number[] = [];
    const observer = loafSupported ? new PerformanceObserver((list) => loafs.push(...list.getEntries().map((e) => e.duration))) : null;
    observer?.observe({ type: 'long-animation-frame' });
    const deltas: number[] = [];
    const start = await frame();
    let last = start;
    for (;;) {
      const f = Math.min(1, (last - start) / duration);
      grid.scrollTop = Math.round(f * max);
      const t = await frame();
      deltas.push(t - last);
      last = t;
      if (f >= 1) break;
    }
    // Entries of the last frames are delivered asynchronously.
    await frame();
    if (observer) {
      loafs.push(...observer.takeRecords().map((e) => e.duration));
      observer.disconnect();
    }
    return { deltas, loafs, loafSupported };
  }, durationMs);
}

/**
 * The same scroll over a plain 2.8-million-pixel div in a blank page: the frame times this machine
 * and headless Chromium give when the page does no work, to read the grid's numbers against.
 */
export async function scrollBaseline(page: Page, durationMs: number): Promise<number[]> {
  await page.setContent('<div id="s" style="height:600px;overflow:auto"><div style="height:2800000px"></div></div>');
  await defineNameHelper(page);
  return page.evaluate(async (duration) => {
    const s = document.getElementById('s')!;
    const frame = () => new Promise<number>((resolve) => requestAnimationFrame(resolve));
    const max = s.scrollHeight - s.clientHeight;
    const deltas: number[] = [];
    const start = await frame();
    let last = start;
    for (;;) {
      const f = Math.min(1, (last - start) / duration);
      s.scrollTop = Math.round(f * max);
      const t = await frame();
      deltas.push(t - last);
      last = t;
      if (f >= 1) break;
    }
    return deltas;
  }, durationMs);
}
