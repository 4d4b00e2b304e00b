// The 50-chart dashboard the dashboard benchmarks share: the example charts and copies of them (mixed
// viz types and datasets, 4 per row), made through the API, and the page load measured in the
// browser's own frame loop (first chart, every chart in view, all charts after scrolling down).
import type { Page } from 'playwright-core';
import type { LocalCloud } from '../support/localCloud';
import { idMaker, layoutOfCharts } from '../../shared/dashboard/layout/index';
import { defineNameHelper } from './uiProbes';

export const DASHBOARD_CHARTS = 50;

/** The API as `token`'s user; a failed call throws with its status and body. */
export function benchApi(cloud: LocalCloud, token: string) {
  return async (path: string, init: { method?: string; json?: unknown } = {}) => {
    const res = await fetch(`${cloud.url}${path}`, { method: init.method ?? 'GET', headers: { Authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: init.json === undefined ? undefined : JSON.stringify(init.json) });
    if (!res.ok) throw new Error(`${init.method ?? 'GET'} ${path}: ${res.status} ${await res.text()}`);
    return (await res.json()) as Record<string, any>;
  };
}

export interface BenchChart {
  id: number;
  name: string;
  datasourceId: number;
}

/** A dashboard of `count` charts copied from the examples; `metadata` becomes its json_metadata. */
export async function makeDashboard(cloud: LocalCloud, token: string, options: { count?: number; metadata?: (charts: BenchChart[]) => Record<string, unknown> } = {}): Promise<{ id: number; charts: BenchChart[] }> {
  const call = benchApi(cloud, token);
  const examples = (await call('/api/v1/chart/?q=(page_size:100)')).result as { id: number }[];
  if (!examples.length) throw new Error('no example charts (SEED_EXAMPLE_CHARTS)');
  const charts: BenchChart[] = [];
  for (let i = 0; i < (options.count ?? DASHBOARD_CHARTS); i++) {
    const source = (await call(`/api/v1/chart/${examples[i % examples.length].id}`)).result;
    const made = await call('/api/v1/chart/', { method: 'POST', json: { slice_name: `${source.slice_name} #${i + 1}`, viz_type: source.viz_type, params: source.params, datasource_id: source.datasource_id, datasource_type: source.datasource_type } });
    charts.push({ id: made.id, name: `${source.slice_name} #${i + 1}`, datasourceId: source.datasource_id });
  }
  let n = 0;
  const layout = layoutOfCharts(charts, idMaker(() => `bench${++n}`), 3);
  const metadata = options.metadata?.(charts);
  const dash = await call('/api/v1/dashboard/', { method: 'POST', json: { dashboard_title: 'Fifty charts', position_json: JSON.stringify(layout), published: true, ...(metadata ? { json_metadata: JSON.stringify(metadata) } : {}) } });
  return { id: dash.id, charts };
}

/** Loads the dashboard and returns ms from navigation start to: the first chart, every chart in view, all charts (scrolling down). */
export async function loadDashboard(page: Page, url: string, total = DASHBOARD_CHARTS) {
  await page.goto(url);
  await defineNameHelper(page);
  return page.evaluate(async (total) => {
    const frame = () => new Promise<number>((resolve) => requestAnimationFrame(resolve));
    const cards = () => Array.from(document.querySelectorAll<HTMLElement>('.dash-chart__card'));
    // A dashboard chart is drawn in the commit that stores its data ('success'; 'rendered' once reported).
    const painted = (c: HTMLElement) => c.dataset.status === 'success' || c.dataset.status === 'rendered';
    const done = (c: HTMLElement) => painted(c) || c.dataset.status === 'failed';
    const inView = (c: HTMLElement) => {
      const r = c.getBoundingClientRect();
      return r.bottom > 0 && r.top < window.innerHeight;
    };
    const deadline = performance.now() + 60_000;
    let first = 0;
    let viewport = 0;
    while (performance.now() < deadline) {
      const now = await frame();
      const all = cards();
      if (!first && all.some(painted)) first = now;
      const visible = all.filter(inView);
      if (!viewport && visible.length > 0 && visible.every(done)) viewport = now;
      if (first && viewport) break;
    }
    // Then down the page, one viewport per frame once the charts in view are done.
    const scroller = document.scrollingElement ?? document.documentElement;
    while (performance.now() < deadline) {
      const now = await frame();
      const all = cards();
      if (all.length >= total && all.every(done)) {
        const failed = all.filter((c) => c.dataset.status === 'failed').length;
        return { first, viewport, all: now, failed };
      }
      if (all.filter(inView).every(done)) scroller.scrollTop += window.innerHeight;
    }
    throw new Error(`not every chart painted within 60 s: ${cards().filter((c) => !done(c)).length} left of ${cards().length}`);
  }, total);
}
