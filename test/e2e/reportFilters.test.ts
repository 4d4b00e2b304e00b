// A dashboard report asks for the same chart data as the dashboard page: the page is opened in
// Chromium and each chart's data request is kept; the report renderer then draws the same dashboard
// (its default filter values, then the data mask the page stored after a cross-filter click) and each
// chart's request, built from the extra form data the renderer gives it, must carry the same queries.
// The dashboard has an Origin filter defaulting to USA, an inverse-selection Cylinders filter
// defaulting to 8, a required Name filter without a value, and a bar chart whose cross-filters skip
// one chart.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { launchBrowser, type TestBrowser } from './support/browser';
import { e2eSession, type Json } from './support/session';
import { startE2eStack } from './support/stack';
import { clickLargestBar, filterKit } from './support/filterDashboards';
import type { LocalCloud } from '../support/localCloud';
import { chartQuery, reportDataSource } from '../../functions/reports/dataSource';
import { renderDashboardReport, type DashboardReportOptions } from '../../functions/reports/render/renderReport';
import { findChart } from '../../functions/charts/repository';
import { findUserByUsername } from '../../functions/platform/users';
import type { Identity } from '../../functions/http/identity';
import type { DataMaskMap } from '../../shared/dashboard/filters/index';
import { pdfText } from '../support/pdfDecode';

let cloud: LocalCloud;
let browser: TestBrowser;
let kit: ReturnType<typeof filterKit>;
let identity: Identity;

beforeAll(async () => {
  cloud = await startE2eStack();
  const token = await cloud.login('admin', 'admin');
  kit = filterKit(cloud, token);
  browser = await launchBrowser({ viewport: { width: 1440, height: 1000 } });
  const user = (await findUserByUsername(cloud.stack.ports, 'admin'))!;
  identity = { userId: user.id, username: user.username, roles: user.roles } as Identity;
});

afterAll(async () => {
  await browser?.close();
  await cloud?.stop();
});

const { signedIn } = e2eSession(() => ({ cloud, browser }));

/** The last chart data request body of each chart the page asked for. */
function chartRequests(page: Page): Map<number, Json> {
  const seen = new Map<number, Json>();
  page.on('request', (r) => {
    if (!r.url().includes('/api/v1/chart/data') || r.method() !== 'POST') return;
    const sliceId = Number((JSON.parse(new URL(r.url()).searchParams.get('form_data') ?? '{}') as Json).slice_id);
    seen.set(sliceId, JSON.parse(r.postData() ?? '{}') as Json);
  });
  return seen;
}

/** The chart data requests the report renderer makes, by chart id. */
async function reportRequests(dashboardId: number, opts: Partial<DashboardReportOptions> = {}): Promise<{ queries: Map<number, Json>; pdf: Buffer }> {
  const inner = reportDataSource(cloud.stack.ports, identity);
  const queries = new Map<number, Json>();
  const rendered = await renderDashboardReport(
    {
      ...inner,
      async chart(chartId, o) {
        queries.set(chartId, chartQuery((await findChart(cloud.stack.ports, chartId))!, o?.extraFormData).context as Json);
        return inner.chart(chartId, o);
      },
    },
    dashboardId,
    { format: 'PDF', ...opts },
  );
  return { queries, pdf: rendered.body };
}

/** What decides a chart's rows: each query's filters, WHERE text, time range and grouping. */
const rowsAsked = (context: Json | undefined) =>
  ((context?.queries ?? []) as Json[]).map((q) => ({ filters: q.filters, where: q.extras?.where ?? '', time_range: q.time_range ?? null, columns: q.columns, metrics: q.metrics }));

describe('dashboard report filters', () => {
  it('asks for the same chart data as the page: defaults, inverse selection, a required filter, and a scoped cross-filter', async () => {
    const ds = (await kit.api('/api/v1/dataset/get_or_create/', { method: 'POST', json: { database_id: 1, table_name: 'cars', schema: 'main' } })).result.table_id as number;
    const bigNumber = async (name: string) => {
      const params = { viz_type: 'big_number_total', datasource: `${ds}__table`, metric: { expressionType: 'SQL', sqlExpression: 'COUNT(*)', label: 'cars' } };
      return (await kit.api('/api/v1/chart/', { method: 'POST', json: { slice_name: name, viz_type: params.viz_type, datasource_id: ds, datasource_type: 'table', params: JSON.stringify(params) } })).id as number;
    };
    const bars = await kit.carsBarChart();
    const all = await bigNumber('All cars');
    const named = await bigNumber('Named cars');
    const select = (id: string, column: string, controlValues: Json, scope: Json, value: unknown) => ({
      id,
      type: 'NATIVE_FILTER',
      name: column,
      filterType: 'filter_select',
      targets: [{ datasetId: ds, column: { name: column } }],
      controlValues: { multiSelect: true, ...controlValues },
      defaultDataMask: { filterState: { value } },
      cascadeParentIds: [],
      scope,
    });
    const metadata = {
      native_filter_configuration: [
        select('NATIVE_FILTER-origin', 'Origin', {}, { rootPath: ['ROOT_ID'], excluded: [] }, ['USA']),
        select('NATIVE_FILTER-cylinders', 'Cylinders', { inverseSelection: true }, { rootPath: ['ROOT_ID'], excluded: [named] }, [8]),
        select('NATIVE_FILTER-name', 'Name', { enableEmptyFilter: true }, { rootPath: ['ROOT_ID'], excluded: [bars, all] }, null),
      ],
      cross_filters_enabled: true,
      chart_configuration: { [bars]: { id: bars, crossFilters: { scope: { rootPath: ['ROOT_ID'], excluded: [all] } } } },
    };
    const dashboardId = await kit.dashboard('Report filters', [bars, all, named], metadata);

    const page = await signedIn();
    const asked = chartRequests(page);
    await page.goto(`${cloud.url}/superset/dashboard/${dashboardId}/`);
    await expect.poll(() => [bars, all, named].every((id) => asked.has(id)), { timeout: 30_000 }).toBe(true);

    const byDefault = await reportRequests(dashboardId);
    for (const id of [bars, all, named]) expect(rowsAsked(byDefault.queries.get(id)), `chart ${id}`).toEqual(rowsAsked(asked.get(id)));
    // The page's own requests carry the rules the report must keep.
    const body = JSON.stringify(asked.get(named));
    expect(body).toContain('"op":"IN","val":["USA"]');
    expect(body).toContain('1 = 0');
    expect(JSON.stringify(asked.get(all))).toContain('"op":"NOT IN","val":[8]');
    // Every origin but USA is left out of the report's file too.
    expect(pdfText(byDefault.pdf)).toContain('USA');
    for (const other of ['Europe', 'Japan']) expect(pdfText(byDefault.pdf)).not.toContain(other);

    // A bar click cross-filters the charts of the bar chart's scope; the page keeps the mask under a key.
    asked.delete(named);
    await clickLargestBar(page, 'Cars by cylinders and origin');
    await expect.poll(() => JSON.stringify(asked.get(named) ?? {}), { timeout: 30_000 }).toContain('"col":"Origin","op":"IN"');
    await expect.poll(() => new URL(page.url()).searchParams.get('native_filters_key'), { timeout: 30_000 }).toBeTruthy();
    const key = new URL(page.url()).searchParams.get('native_filters_key')!;
    let dataMask: DataMaskMap = {};
    await expect
      .poll(async () => {
        dataMask = JSON.parse((await kit.api(`/api/v1/dashboard/${dashboardId}/filter_state/${key}/`)).value) as DataMaskMap;
        return Boolean(dataMask[String(bars)]);
      })
      .toBe(true);
    const crossFiltered = await reportRequests(dashboardId, { dataMask });
    for (const id of [bars, all, named]) expect(rowsAsked(crossFiltered.queries.get(id)), `chart ${id}`).toEqual(rowsAsked(asked.get(id)));
    // The cross-filter reached the named-cars chart only (the bar chart's scope skips "All cars").
    const originFilters = (id: number) => (crossFiltered.queries.get(id)!.queries as Json[])[0].filters.filter((f: Json) => f.col === 'Origin').length;
    expect([originFilters(named), originFilters(all)]).toEqual([2, 1]);
  });
});
