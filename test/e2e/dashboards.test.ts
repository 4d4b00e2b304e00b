// Dashboards end to end in Chromium: an example dashboard draws its charts (ECharts SVG, tables, big
// numbers); a new dashboard is built by drag and drop (three charts, drawn with their datasets' labels, a markdown, tabs), resized with the
// keyboard, undone and redone, saved and reloaded with the same layout; published, favorited, copied;
// a chart's View query and CSV export; a non-owner cannot edit.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { launchBrowser, screenshot, type TestBrowser } from './support/browser';
import { startE2eStack } from './support/stack';
import type { LocalCloud } from '../support/localCloud';
import { e2eSession } from './support/session';

let cloud: LocalCloud;
let browser: TestBrowser;
let adminToken: string;
const { api, signedIn } = e2eSession(() => ({ cloud, token: adminToken, browser }));

beforeAll(async () => {
  cloud = await startE2eStack({ env: { SEED_EXAMPLE_CHARTS: '1' } });
  adminToken = await cloud.login('admin', 'admin');
  browser = await launchBrowser({ viewport: { width: 1440, height: 1000 } });
});

afterAll(async () => {
  await browser?.close();
  await cloud?.stop();
});

const chartsDrawn = (page: Page) => page.locator('section[data-chart-id][data-status="success"]').count();
const layoutTypes = async (id: number) => {
  const layout = JSON.parse((await api(`/api/v1/dashboard/${id}`)).body.result.position_json);
  return Object.values(layout).filter((v: any) => v && typeof v === 'object' && v.type) as { type: string; meta: Record<string, unknown>; children: string[] }[];
};

describe('dashboards', () => {
  it('fits each chart to its card: big numbers inside their box, the cars table scrolls to its last column', async () => {
    const page = await signedIn();
    await page.goto(`${cloud.url}/superset/dashboard/examples-overview/`);
    await page.getByRole('heading', { name: 'Examples overview', level: 1 }).waitFor();
    await expect.poll(() => chartsDrawn(page), { timeout: 30_000 }).toBeGreaterThanOrEqual(5);
    const numbers = page.locator('.big-number');
    await expect.poll(() => numbers.count()).toBeGreaterThanOrEqual(2);
    for (const figure of await numbers.all()) {
      const fit = await figure.evaluate((el) => {
        const value = el.querySelector('.big-number__value') as HTMLElement | null;
        const card = el.closest('section') as HTMLElement;
        const box = card.getBoundingClientRect();
        const text = value?.getBoundingClientRect();
        const range = document.createRange();
        if (value) range.selectNodeContents(value);
        const glyphs = value ? range.getBoundingClientRect() : null;
        return { name: el.getAttribute('aria-label'), box: [box.left, box.right], text: text ? [text.left, text.right] : null, glyphs: glyphs ? [glyphs.left, glyphs.right] : null };
      });
      if (!fit.glyphs) continue;
      expect(fit.glyphs[0], `${fit.name} starts inside its card`).toBeGreaterThanOrEqual(fit.box[0]);
      expect(fit.glyphs[1], `${fit.name} ends inside its card`).toBeLessThanOrEqual(fit.box[1]);
    }
    // The table is as wide as its card's body, so its last column is reached by scrolling, not clipped.
    const table = page.getByRole('table', { name: 'Cars per origin and cylinders' });
    await table.waitFor();
    const scroll = await table.evaluate((t) => {
      const scroller = t.closest('.chart-table') as HTMLElement;
      const card = t.closest('section') as HTMLElement;
      return { scroller: scroller.getBoundingClientRect().right, card: card.getBoundingClientRect().right, wide: scroller.scrollWidth > scroller.clientWidth };
    });
    expect(scroll.scroller).toBeLessThanOrEqual(scroll.card + 0.5);
    const lastHeader = table.getByRole('columnheader').last();
    await lastHeader.scrollIntoViewIfNeeded();
    const seen = await lastHeader.evaluate((th) => {
      const card = th.closest('section')!.getBoundingClientRect();
      const cell = th.getBoundingClientRect();
      return cell.right <= card.right + 0.5 && cell.left >= card.left - 0.5;
    });
    expect(seen).toBe(true);
    await screenshot(page, 'examples-overview-fit');
    await page.close();
  });

  it('an example dashboard draws its charts in view, with their accessible names', async () => {
    const page = await signedIn();
    await page.goto(`${cloud.url}/superset/dashboard/examples-overview/`);
    await page.getByRole('heading', { name: 'Examples overview', level: 1 }).waitFor();
    await expect.poll(() => chartsDrawn(page), { timeout: 30_000 }).toBeGreaterThanOrEqual(5);
    // A line chart: an SVG drawn by ECharts, named after the chart.
    const line = page.getByRole('img', { name: 'S&P 500 closing price' });
    await line.locator('svg').first().waitFor();
    expect(await line.locator('svg path').count()).toBeGreaterThan(3);
    await page.getByRole('table', { name: 'Cars per origin and cylinders' }).waitFor();
    // No dashboard filter is set: the charts' own time ranges are not counted as applied filters.
    expect(await page.getByLabel(/filters? applied/).count()).toBe(0);
    await screenshot(page, 'dashboard-example');
    await page.close();
  });

  it('builds a dashboard by drag and drop, resizes, undoes and redoes, saves and reloads the same layout', async () => {
    const created = await api('/api/v1/dashboard/', { method: 'POST', json: { dashboard_title: 'E2E board' } });
    const id = created.body.id as number;
    const page = await signedIn();
    await page.goto(`${cloud.url}/superset/dashboard/${id}/?edit=true`);
    await page.getByRole('button', { name: 'Save' }).waitFor();
    const pane = page.getByRole('list', { name: 'Charts' });
    for (const name of ['Weather types in Seattle', 'Flights per month', 'Cars per origin and cylinders']) {
      const count = (await layoutCharts(page)).length;
      await pane.getByRole('listitem', { name: `Chart ${name}` }).dragTo(page.getByTestId(`drop-GRID_ID-${await gridChildren(page)}`));
      await expect.poll(() => layoutCharts(page).then((c) => c.length)).toBe(count + 1);
    }
    // A chart added in edit mode reads its dataset's labels, as after a reload: the count metric's verbose name.
    await page.getByRole('region', { name: 'Cars per origin and cylinders' }).getByText('COUNT(*)', { exact: true }).waitFor();
    await page.getByRole('tab', { name: 'Layout elements' }).click();
    await page.getByRole('listitem', { name: 'New Text / Markdown' }).dragTo(page.getByTestId(`drop-GRID_ID-0`));
    await page.getByRole('listitem', { name: 'New Tabs' }).dragTo(page.getByTestId(`drop-GRID_ID-${await gridChildren(page)}`));
    await page.getByRole('tab', { name: 'Tab title' }).waitFor();
    // Renamed in place from the keyboard; Escape drops an edit, Enter keeps one.
    await page.getByRole('button', { name: 'Rename tab Tab title' }).click();
    await page.getByRole('textbox', { name: 'Tab title' }).fill('Dropped');
    await page.keyboard.press('Escape');
    await page.getByRole('tab', { name: 'Tab title' }).waitFor();
    await page.getByRole('button', { name: 'Rename tab Tab title' }).click();
    await page.getByRole('textbox', { name: 'Tab title' }).fill('Overview');
    await page.keyboard.press('Enter');
    await page.getByRole('tab', { name: 'Overview' }).waitFor();

    // Resize with the keyboard alternative: the pie one column wider.
    const wider = page.getByRole('button', { name: 'Make chart Weather types in Seattle wider' });
    await wider.click();
    await page.getByRole('button', { name: 'Undo' }).click();
    await page.getByRole('button', { name: 'Redo' }).click();
    // Deleting a chart removes its state; undo puts the chart back and it is drawn again.
    const flights = page.getByRole('region', { name: 'Flights per month' });
    await flights.locator('svg').first().waitFor({ timeout: 30_000 });
    await page.getByRole('button', { name: /^Delete .*Flights per month/ }).click();
    await expect.poll(() => flights.count()).toBe(0);
    await page.getByRole('button', { name: 'Undo' }).click();
    await flights.locator('svg').first().waitFor({ timeout: 30_000 });
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('This dashboard was saved successfully.').waitFor();

    const saved = await layoutTypes(id);
    expect(saved.filter((c) => c.type === 'CHART')).toHaveLength(3);
    expect(saved.some((c) => c.type === 'MARKDOWN')).toBe(true);
    expect(saved.some((c) => c.type === 'TABS')).toBe(true);
    const pie = saved.find((c) => c.type === 'CHART' && c.meta.sliceName === 'Weather types in Seattle')!;
    expect(pie.meta.width).toBe(5);

    // The edit flag is used once: a reload shows the saved dashboard in view mode.
    expect(new URL(page.url()).searchParams.get('edit')).toBeNull();
    await page.reload();
    await page.getByRole('heading', { name: 'E2E board', level: 1 }).waitFor();
    await page.getByRole('button', { name: 'Edit dashboard' }).waitFor();
    // Charts in view load first; the rest as they scroll in.
    await expect.poll(() => chartsDrawn(page), { timeout: 30_000 }).toBeGreaterThanOrEqual(1);
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await expect.poll(() => chartsDrawn(page), { timeout: 30_000 }).toBe(3);
    await page.getByRole('tab', { name: 'Overview' }).waitFor();
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, 'dashboard-built');

    // Publish and favorite.
    await page.getByRole('button', { name: 'Draft: click to publish' }).click();
    await page.getByText('This dashboard is now published').waitFor();
    await page.getByRole('button', { name: 'Add to favorites' }).click();
    await page.getByRole('button', { name: 'Remove from favorites' }).waitFor();
    expect((await api(`/api/v1/dashboard/${id}`)).body.result.published).toBe(true);

    // A chart's View query and CSV export.
    await page.getByRole('button', { name: 'More options for Flights per month' }).click();
    await page.getByRole('menuitem', { name: 'View query' }).click();
    await expect.poll(() => page.getByLabel('Chart query').textContent()).toMatch(/SELECT/i);
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'More options for Flights per month' }).click();
    const download = page.waitForEvent('download');
    await page.getByRole('menuitem', { name: 'Export to .CSV' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/\.csv$/);

    // Save as: a copy of the dashboard under a new title, its charts duplicated.
    await page.getByRole('button', { name: 'Dashboard menu' }).click();
    await page.getByRole('menuitem', { name: 'Save as' }).click();
    const saveAs = page.getByRole('dialog', { name: 'Save dashboard as' });
    expect(await saveAs.getByLabel('New dashboard title').inputValue()).toBe('E2E board [copy]');
    await saveAs.getByLabel('New dashboard title').fill('E2E board copy');
    await saveAs.getByLabel('Also copy (duplicate) charts').check();
    await saveAs.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL((url) => url.pathname !== `/superset/dashboard/${id}/`);
    await page.getByRole('heading', { name: 'E2E board copy', level: 1 }).waitFor();
    const copyId = Number(/\/superset\/dashboard\/(\d+)\//.exec(new URL(page.url()).pathname)![1]);
    const chartIdsOf = async (dashboard: number) => ((await api(`/api/v1/dashboard/${dashboard}/charts`)).body.result as { id: number }[]).map((c) => c.id).sort();
    const [originalCharts, copiedCharts] = [await chartIdsOf(id), await chartIdsOf(copyId)];
    expect(copiedCharts).toHaveLength(originalCharts.length);
    expect(copiedCharts.filter((c) => originalCharts.includes(c))).toEqual([]);
    await page.close();

    // Another user sees the published dashboard but cannot edit it.
    const gamma = await signedIn('gamma', 'gamma');
    await gamma.goto(`${cloud.url}/superset/dashboard/${id}/?edit=true`);
    await gamma.getByRole('heading', { name: 'E2E board', level: 1 }).waitFor();
    expect(await gamma.getByRole('button', { name: 'Edit dashboard' }).count()).toBe(0);
    expect(await gamma.getByRole('button', { name: 'Save' }).count()).toBe(0);
    await gamma.close();
  });
});

async function layoutCharts(page: Page) {
  return page.locator('[data-component-id^="CHART-"]').all();
}

async function gridChildren(page: Page) {
  return page.evaluate(() => document.querySelectorAll('[data-testid^="drop-GRID_ID-"]').length - 1);
}
