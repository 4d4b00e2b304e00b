// Dashboard menus and URL parameters in Chromium: the dashboard downloaded as an image and as a PDF
// (through the presigned link a file too large for a function's answer takes: the stack's inline
// limit is 0 here); every viz type's chart downloaded as an image from the chart menu; the chart menu's pivoted CSV, drill to detail and view as table (dates as dates), fullscreen and chart permalink (opening on the
// focused chart); focused_chart, uiConfig and force in the URL; top-level tabs made by dragging Tabs
// above the grid, saved, hidden by uiConfig and removed; the undo-slots warning and the leave-page
// confirmation while changes are unsaved; auto-refresh at the chosen interval (a fake clock).
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Download, Page } from 'playwright-core';
import { SCREENSHOT_DIR, launchBrowser, screenshot, type TestBrowser } from './support/browser';
import { startE2eStack } from './support/stack';
import { countInkPixels, decodePng } from '../support/pngDecode';
import type { LocalCloud } from '../support/localCloud';
import { e2eSession } from './support/session';

let cloud: LocalCloud;
let browser: TestBrowser;
let token: string;
const { apiOk: api, signedIn } = e2eSession(() => ({ cloud, token, browser }));

beforeAll(async () => {
  cloud = await startE2eStack({ env: { SEED_EXAMPLE_CHARTS: '1', SCREENSHOT_INLINE_MAX_BYTES: '0' } });
  token = await cloud.login('admin', 'admin');
  browser = await launchBrowser({ viewport: { width: 1440, height: 1000 } });
});
afterAll(async () => {
  await browser?.close();
  await cloud?.stop();
});

const chartId = async (name: string) => {
  const list = await api(`/api/v1/chart/?q=(page_size:100)`);
  return (list.result as { id: number; slice_name: string }[]).find((c) => c.slice_name === name)!.id;
};

const drawn = (page: Page, name: string) => page.locator(`section[aria-label="${name}"][data-status="success"]`).waitFor({ timeout: 30_000 });
const fileOf = async (download: Download) => readFile((await download.path())!);

async function chartMenu(page: Page, name: string, item: string) {
  await page.getByRole('button', { name: `More options for ${name}` }).click();
  await page.getByRole('menuitem', { name: item, exact: true }).click();
}

describe('dashboard menus', () => {
  it('downloads the whole dashboard as an image and as a PDF from the dashboard menu', async () => {
    const page = await signedIn();
    await page.goto(`${cloud.url}/superset/dashboard/examples-overview/`);
    await drawn(page, 'Cars per origin and cylinders');
    for (const [item, ext, magic] of [['Download as image', 'png', '\x89PNG'], ['Download as PDF', 'pdf', '%PDF']] as const) {
      await page.getByRole('button', { name: 'Dashboard menu' }).click();
      const download = page.waitForEvent('download');
      const answer = page.waitForResponse((r) => r.url().includes('/screenshot/'));
      await page.getByRole('menuitem', { name: item }).click();
      // The link, not the file: the browser fetched the file from the results bucket.
      expect(((await (await answer).json()) as { file_name: string }).file_name).toBe(`Examples_overview.${ext}`);
      const file = await download;
      expect(file.url()).toContain('X-Amz-Signature=');
      expect(file.suggestedFilename()).toBe(`Examples_overview.${ext}`);
      const bytes = await fileOf(file);
      expect(bytes.subarray(0, 4).toString('latin1')).toBe(magic);
      expect(bytes.length).toBeGreaterThan(10_000);
      // Kept with the screenshots for a look at what the user got.
      await mkdir(SCREENSHOT_DIR, { recursive: true });
      await writeFile(join(SCREENSHOT_DIR, `dashboard-download.${ext}`), bytes);
    }
    await page.close();
  });

  it('downloads every kind of chart as a PNG from its chart menu: tables, pivot tables and big numbers too', async () => {
    const page = await signedIn();
    await page.goto(`${cloud.url}/superset/dashboard/examples-overview/`);
    const charts = [
      ['Cars per origin and cylinders', 'Cars_per_origin_and_cylinders.png'],
      ['Penguin body mass by species and island', 'Penguin_body_mass_by_species_and_island.png'],
      ['Flights in the sample', 'Flights_in_the_sample.png'],
      ['Seattle precipitation with trend', 'Seattle_precipitation_with_trend.png'],
      ['S&P 500 closing price', 'S_P_500_closing_price.png'],
    ] as const;
    for (const [name, fileName] of charts) {
      await drawn(page, name);
      const download = page.waitForEvent('download');
      await chartMenu(page, name, 'Download as image');
      const file = await download;
      expect(file.suggestedFilename()).toBe(fileName);
      const png = decodePng(await fileOf(file));
      // Drawn at twice the card's size, with the chart's ink on it.
      expect(png.width, name).toBeGreaterThan(200);
      expect(png.height, name).toBeGreaterThan(100);
      expect(countInkPixels(png), name).toBeGreaterThan(500);
    }
    await page.close();
  });

  it("chart menu: pivoted CSV, drill to detail, fullscreen, and a chart's permalink that opens on the chart", async () => {
    const page = await signedIn();
    await page.goto(`${cloud.url}/superset/dashboard/examples-overview/`);
    const pivot = 'Penguin body mass by species and island';
    await drawn(page, pivot);
    const download = page.waitForEvent('download');
    await chartMenu(page, pivot, 'Export to Pivoted .CSV');
    const csv = (await fileOf(await download)).toString('utf8').trim().split('\r\n');
    expect(csv[0].split(',')[0]).toBe('Species');
    expect(csv.map((line) => line.split(',')[0])).toEqual(expect.arrayContaining(['Adelie', 'Gentoo']));
    // Only a pivot table offers it.
    await page.getByRole('button', { name: 'More options for Cars per origin and cylinders' }).click();
    expect(await page.getByRole('menuitem', { name: 'Export to Pivoted .CSV' }).count()).toBe(0);
    await page.keyboard.press('Escape');

    await chartMenu(page, 'Cars per origin and cylinders', 'Drill to detail');
    const drill = page.getByRole('dialog', { name: 'Drill to detail: Cars per origin and cylinders' });
    await drill.getByText(/^\d[\d,]* rows$/).waitFor();
    expect(await drill.getByRole('row').count()).toBeGreaterThan(10);
    // A temporal column (cars' Year) reads as a date, as Superset's drill table shows it, not as epoch ms.
    const headers = await drill.getByRole('columnheader').allTextContents();
    const year = headers.indexOf('Year');
    expect(year).toBeGreaterThan(-1);
    expect(await drill.getByRole('row').nth(1).getByRole('cell').nth(year).textContent()).toMatch(/^19\d\d-01-01 00:00:00$/);
    await drill.getByText(/Page 1 of \d+/).waitFor();
    await drill.getByRole('button', { name: 'Next page' }).click();
    await drill.getByText(/Page 2 of \d+/).waitFor();
    await screenshot(page, 'dashboard-drill-to-detail');
    await page.keyboard.press('Escape');

    const line = 'S&P 500 closing price';
    await drawn(page, line);
    // View as table: the chart's time column reads as dates too.
    await chartMenu(page, line, 'View as table');
    const results = page.getByRole('dialog', { name: `Results: ${line}` });
    await expect.poll(async () => (await results.getByRole('row').nth(1).getByRole('cell').first().textContent()) ?? '').toMatch(/^\d{4}-\d{2}-\d{2} 00:00:00$/);
    await page.keyboard.press('Escape');
    await chartMenu(page, line, 'Enter fullscreen');
    const card = page.locator(`section[aria-label="${line}"]`);
    await expect.poll(() => card.evaluate((el) => Math.round(el.getBoundingClientRect().width))).toBe(1440);
    await page.keyboard.press('Escape');
    await expect.poll(() => card.evaluate((el) => el.getBoundingClientRect().width)).toBeLessThan(1000);

    const made = page.waitForResponse((r) => r.url().endsWith('/permalink') && r.request().method() === 'POST');
    await chartMenu(page, line, 'Copy permalink to clipboard');
    const { url } = (await (await made).json()) as { url: string };
    expect(url).toMatch(/\/superset\/dashboard\/p\/\w+\/$/);
    await page.goto(url);
    await page.locator(`section[aria-label="${line}"][data-focused="true"]`).waitFor();
    await page.close();
  });
});

describe('auto-refresh', () => {
  it('refreshes every loaded chart, bypassing the cache, once per chosen interval', async () => {
    const page = await signedIn();
    await page.clock.install();
    await page.goto(`${cloud.url}/superset/dashboard/examples-overview/`);
    await drawn(page, 'Cars per origin and cylinders');
    await expect.poll(() => page.locator('section[data-chart-id][data-status="loading"]').count()).toBe(0);
    const loaded = await page.locator('section[data-chart-id][data-status="success"]').count();
    const forced: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/api/v1/chart/data') && new URL(r.url()).searchParams.get('force') === 'true') forced.push(r.url());
    });
    await page.getByRole('button', { name: 'Dashboard menu' }).click();
    await page.getByRole('menuitem', { name: '10 seconds' }).click();
    expect(forced).toHaveLength(0);
    // One tick, then the interval over which its requests are staggered.
    await page.clock.fastForward(10_000);
    await page.clock.fastForward(10_000);
    await expect.poll(() => forced.length).toBe(loaded);
    await page.close();
  });
});

describe('dashboard URL parameters', () => {
  it('focused_chart opens the tab holding the chart and outlines it, once; uiConfig hides the nav, the title or the chart menus; force bypasses the cache', async () => {
    const page = await signedIn();
    const weather = await chartId('Weather types in Seattle');
    await page.goto(`${cloud.url}/superset/dashboard/examples-tabs/?focused_chart=${weather}`);
    await page.locator(`section[data-chart-id="${weather}"][data-focused="true"]`).waitFor();
    expect(await page.getByRole('tab', { name: 'Breakdowns' }).getAttribute('aria-selected')).toBe('true');
    await expect.poll(() => new URL(page.url()).searchParams.has('focused_chart')).toBe(false);

    await page.goto(`${cloud.url}/superset/dashboard/examples-overview/?uiConfig=4`);
    await drawn(page, 'Cars per origin and cylinders');
    expect(await page.getByRole('navigation', { name: 'Main' }).count()).toBe(0);
    expect(await page.getByRole('heading', { name: 'Examples overview', level: 1 }).count()).toBe(1);

    await page.goto(`${cloud.url}/superset/dashboard/examples-overview/?uiConfig=9`);
    await drawn(page, 'Cars per origin and cylinders');
    expect(await page.getByRole('heading', { name: 'Examples overview', level: 1 }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'More options for Cars per origin and cylinders' }).isVisible()).toBe(false);
    expect(await page.getByRole('navigation', { name: 'Main' }).count()).toBe(1);

    const forced: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/api/v1/chart/data')) forced.push(r.url());
    });
    await page.goto(`${cloud.url}/superset/dashboard/examples-overview/?force=true`);
    await drawn(page, 'Cars per origin and cylinders');
    expect(forced.length).toBeGreaterThan(0);
    expect(forced.every((u) => new URL(u).searchParams.get('force') === 'true')).toBe(true);
    await page.close();
  });
});

describe('dashboard edit mode', () => {
  it('Tabs dropped above the grid become top-level tabs holding the grid; saved, hidden by uiConfig=2, removed again', async () => {
    const cars = await chartId('Cars per origin and cylinders');
    let n = 0;
    const id = () => `X-${++n}`;
    const [root, grid, row, chart] = ['ROOT_ID', 'GRID_ID', id(), id()];
    const position = {
      DASHBOARD_VERSION_KEY: 'v2',
      [root]: { id: root, type: 'ROOT', children: [grid], parents: [], meta: {} },
      [grid]: { id: grid, type: 'GRID', children: [row], parents: [root], meta: {} },
      [row]: { id: row, type: 'ROW', children: [chart], parents: [root, grid], meta: { background: 'BACKGROUND_TRANSPARENT' } },
      [chart]: { id: chart, type: 'CHART', children: [], parents: [root, grid, row], meta: { chartId: cars, width: 6, height: 50 } },
    };
    const made = await api('/api/v1/dashboard/', { method: 'POST', json: { dashboard_title: 'Top tabs board', position_json: JSON.stringify(position) } });
    const page = await signedIn();
    await page.goto(`${cloud.url}/superset/dashboard/${made.id}/?edit=true`);
    await page.getByRole('tab', { name: 'Layout elements' }).click();
    await page.getByRole('listitem', { name: 'New Tabs' }).dragTo(page.getByTestId('drop-top-level-tabs'));
    await page.getByRole('tab', { name: 'Tab title' }).waitFor();
    await page.getByRole('button', { name: 'Remove top-level tabs' }).waitFor();
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('This dashboard was saved successfully.').waitFor();
    const saved = JSON.parse((await api(`/api/v1/dashboard/${made.id}`)).result.position_json);
    const top = saved[saved.ROOT_ID.children[0]];
    expect(top.type).toBe('TABS');
    expect(saved.GRID_ID).toBeUndefined();
    const tab = saved[top.children[0]];
    expect(tab.children).toEqual([row]);

    await page.goto(`${cloud.url}/superset/dashboard/${made.id}/?uiConfig=2`);
    await drawn(page, 'Cars per origin and cylinders');
    expect(await page.getByRole('tab', { name: 'Tab title' }).isVisible()).toBe(false);

    await page.goto(`${cloud.url}/superset/dashboard/${made.id}/?edit=true`);
    await page.getByRole('button', { name: 'Remove top-level tabs' }).click();
    await page.getByRole('button', { name: 'Use top-level tabs' }).waitFor();
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('This dashboard was saved successfully.').waitFor();
    const flat = JSON.parse((await api(`/api/v1/dashboard/${made.id}`)).result.position_json);
    expect(flat.ROOT_ID.children).toEqual(['GRID_ID']);
    expect(flat.GRID_ID.children).toEqual([row]);
    await page.close();
  });

  it('warns when the undo slots run out, and asks before leaving with unsaved changes', async () => {
    const page = await signedIn();
    const made = await api('/api/v1/dashboard/', { method: 'POST', json: { dashboard_title: 'Many edits' } });
    await page.goto(`${cloud.url}/superset/dashboard/${made.id}/?edit=true`);
    await page.getByRole('button', { name: 'Add chart Cars per origin and cylinders to the dashboard' }).click();
    const wider = page.getByRole('button', { name: 'Make chart Cars per origin and cylinders wider' });
    const narrower = page.getByRole('button', { name: 'Make chart Cars per origin and cylinders narrower' });
    for (let i = 0; i < 26; i++) {
      await wider.click();
      await narrower.click();
    }
    await page.getByText('You have used all 50 undo slots and will not be able to fully undo subsequent actions.', { exact: false }).waitFor();

    // An in-app link asks first; dismissing keeps the editor.
    const asked = page.waitForEvent('dialog');
    // The confirm blocks the page until answered, so the click ends after the dialog is dismissed.
    const clicked = page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Dashboards' }).click();
    const dialog = await asked;
    expect(dialog.message()).toBe('You have unsaved changes. Leave the dashboard without saving them?');
    await dialog.dismiss();
    await clicked;
    await page.getByRole('button', { name: 'Save' }).waitFor();
    expect(new URL(page.url()).pathname).toBe(`/superset/dashboard/${made.id}/`);

    // Closing or reloading the tab gets the browser's own prompt.
    const unload = page.waitForEvent('dialog');
    await page.close({ runBeforeUnload: true });
    const prompt = await unload;
    expect(prompt.type()).toBe('beforeunload');
    await prompt.accept();
  });
});
