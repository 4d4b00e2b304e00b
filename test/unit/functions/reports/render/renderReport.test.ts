// Reports rendered end to end without a browser, checked by decoding the files they produce.
import { describe, expect, it } from 'vitest';
import { renderChartReport, renderDashboardReport } from '../../../../../functions/reports/render/renderReport';
import type { RenderableChart } from '../../../../../functions/reports/render/chartSvg';
import type { DashboardSource } from '../../../../../functions/reports/render/sources';
import type { ExtraFormData } from '../../../../../shared/dashboard/filters/index';
import { countInkPixels, decodePng, pixelAt } from '../../../../support/pngDecode';
import { pdfInfoTitle, pdfPageCount, pdfText } from '../../../../support/pdfDecode';

const BLUE = '#1f5fd6';
const bar: RenderableChart = {
  kind: 'echarts',
  option: { color: [BLUE], grid: { left: 40, right: 10, top: 10, bottom: 30 }, xAxis: { type: 'category', data: ['a', 'b', 'c'] }, yAxis: { type: 'value' }, series: [{ type: 'bar', data: [3, 7, 5] }] },
};
const table: RenderableChart = { kind: 'table', columns: [{ key: 'name', label: 'Name' }, { key: 'total', label: 'Total' }], rows: [{ name: '<b>Lyon</b>', total: 12 }, { name: 'Nice', total: 3.5 }] };
const bigNumber: RenderableChart = { kind: 'bigNumber', value: '42.1k', subheader: 'orders' };

interface Call {
  chartId: number;
  extraFormData?: ExtraFormData;
}

function source(charts: Record<number, { name: string; props?: RenderableChart; error?: string }>, position: Record<string, unknown> | null, calls: Call[] = [], metadata: Record<string, unknown> = {}): DashboardSource {
  return {
    async chart(chartId, opts) {
      calls.push({ chartId, extraFormData: opts?.extraFormData });
      const c = charts[chartId];
      if (!c) throw new Error(`Chart ${chartId} not found`);
      if (c.error) throw new Error(c.error);
      return { name: c.name, props: c.props! };
    },
    async csv() {
      return Buffer.from('name,total\nLyon,12\n');
    },
    async table(chartId) {
      if (table.kind !== 'table') throw new Error('unreachable');
      return { name: charts[chartId].name, table };
    },
    async dashboard() {
      return {
        title: 'Sales dashboard',
        position,
        charts: Object.entries(charts).map(([id, c]) => ({ id: Number(id), sliceName: c.name })),
        metadata,
      };
    },
  };
}

const isBlueish = ([r, g, b]: number[]) => b > 150 && r < 100 && g < 140;

describe('chart reports', () => {
  it('renders a chart to a PNG at the custom width, the bars drawn in their colour', async () => {
    const out = await renderChartReport(source({ 7: { name: 'Orders by city', props: bar } }, null), 7, 'PNG', 640);
    expect(out).toMatchObject({ contentType: 'image/png', filename: 'Orders_by_city.png', failed: [] });
    const img = decodePng(out.body);
    expect([img.width, img.height]).toEqual([640, 48 + Math.round(640 * 0.6)]);
    expect(countInkPixels(img)).toBeGreaterThan(5_000);
    // The tallest bar (7 of max 8) rises in the middle third, well above the x axis.
    let blue = 0;
    for (let y = 48; y < img.height; y++) for (let x = 0; x < img.width; x++) if (isBlueish(pixelAt(img, x, y))) blue++;
    expect(blue).toBeGreaterThan(10_000);
    // The title band carries the chart name in dark text.
    expect(countInkPixels(img, { x: 0, y: 0, width: 640, height: 48 })).toBeGreaterThan(200);
  });

  it('renders at 800 px wide by default', async () => {
    const out = await renderChartReport(source({ 7: { name: 'n', props: bigNumber } }, null), 7, 'PNG');
    expect(decodePng(out.body).width).toBe(800);
  });

  it('renders a chart to a one-page vector PDF whose Info title and drawn text name the chart', async () => {
    const out = await renderChartReport(source({ 7: { name: 'Orders by city', props: bar } }, null), 7, 'PDF');
    expect(out.contentType).toBe('application/pdf');
    expect(out.body.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdfPageCount(out.body)).toBe(1);
    expect(pdfInfoTitle(out.body)).toBe('Orders by city');
    expect(pdfText(out.body)).toContain('Orders by city');
  });

  it('draws a table chart as a table, with the cell values as text', async () => {
    const out = await renderChartReport(source({ 3: { name: 'Cities', props: table } }, null), 3, 'PDF');
    const text = pdfText(out.body);
    expect(text).toContain('Name');
    expect(text).toContain('<b>Lyon</b>');
    expect(text).toContain('3.5');
  });

  it('sends TEXT as an escaped HTML table and CSV as the chart\'s CSV', async () => {
    const src = source({ 3: { name: 'Cities', props: table } }, null);
    const text = await renderChartReport(src, 3, 'TEXT');
    expect(text.html).toContain('<th');
    expect(text.html).toContain('&lt;b&gt;Lyon&lt;/b&gt;');
    expect(text.html).not.toContain('<b>Lyon');
    const csv = await renderChartReport(src, 3, 'CSV');
    expect(csv).toMatchObject({ contentType: 'text/csv', filename: 'Cities.csv' });
    expect(csv.body.toString()).toBe('name,total\nLyon,12\n');
  });
});

const position = {
  ROOT_ID: { id: 'ROOT_ID', type: 'ROOT', children: ['GRID_ID'] },
  GRID_ID: { id: 'GRID_ID', type: 'GRID', children: ['HEADER-1', 'ROW-1', 'ROW-2'] },
  'HEADER-1': { id: 'HEADER-1', type: 'HEADER', meta: { text: 'Overview', headerSize: 'MEDIUM_HEADER' } },
  'ROW-1': { id: 'ROW-1', type: 'ROW', children: ['CHART-1', 'CHART-2'] },
  'CHART-1': { id: 'CHART-1', type: 'CHART', meta: { chartId: 1, width: 6, height: 40, sliceName: 'Bars' } },
  'CHART-2': { id: 'CHART-2', type: 'CHART', meta: { chartId: 2, width: 6, height: 40, sliceName: 'Broken chart' } },
  'ROW-2': { id: 'ROW-2', type: 'ROW', children: ['MARKDOWN-1', 'CHART-3'] },
  'MARKDOWN-1': { id: 'MARKDOWN-1', type: 'MARKDOWN', meta: { width: 4, height: 30, code: '## Notes\nRevenue is **net**.' } },
  'CHART-3': { id: 'CHART-3', type: 'CHART', meta: { chartId: 3, width: 8, height: 30, sliceName: 'Cities' } },
};

describe('dashboard reports', () => {
  const charts = { 1: { name: 'Bars', props: bar }, 2: { name: 'Broken chart', error: 'column "x" does not exist' }, 3: { name: 'Cities', props: table } };

  it('composes the layout into one PNG, a failing chart drawn as a red error box and reported', async () => {
    const out = await renderDashboardReport(source(charts, position), 1, { format: 'PNG', width: 1200 });
    expect(out.failed).toEqual([{ chartId: 2, name: 'Broken chart', message: 'column "x" does not exist' }]);
    const img = decodePng(out.body);
    expect(img.width).toBe(1200);
    // padding + title + padding + header + gap + 320 + gap + 240 + padding
    expect(img.height).toBe(16 + 56 + 16 + 56 + 8 + 320 + 8 + 240 + 16);
    const rowTop = 16 + 56 + 16 + 56 + 8;
    // Two cells of half the 1168 px grid, each card 4 px inside its cell.
    const cell = (1200 - 32) / 2;
    const card = cell - 8;
    // Left card: bars in their colour. Right card: the pale red error box.
    let blue = 0;
    for (let y = rowTop; y < rowTop + 320; y++) for (let x = 16 + 4; x < 16 + 4 + card; x++) if (isBlueish(pixelAt(img, x, y))) blue++;
    expect(blue).toBeGreaterThan(5_000);
    expect(pixelAt(img, Math.round(16 + cell + 4 + card / 2), rowTop + 300)).toEqual([253, 236, 234]);
  });

  it('renders the dashboard to a PDF with its title, headers, markdown and the failed chart\'s name', async () => {
    const out = await renderDashboardReport(source(charts, position), 1, { format: 'PDF' });
    expect(pdfPageCount(out.body)).toBe(1);
    expect(pdfInfoTitle(out.body)).toBe('Sales dashboard');
    const text = pdfText(out.body);
    for (const s of ['Sales dashboard', 'Overview', 'Notes', 'Revenue is net.', 'Broken chart', 'Lyon']) expect(text).toContain(s);
    expect(out.failed.map((f) => f.chartId)).toEqual([2]);
  });

  const filter = (id: string, col: string, controlValues: Record<string, unknown>, scope = { rootPath: ['ROOT_ID'], excluded: [] as number[] }, value: unknown = null) => ({
    id,
    type: 'NATIVE_FILTER',
    name: col,
    filterType: 'filter_select',
    targets: [{ datasetId: 1, column: { name: col } }],
    controlValues,
    defaultDataMask: { filterState: { value } },
    cascadeParentIds: [],
    scope,
  });
  const metadata = {
    native_filter_configuration: [
      filter('NATIVE_FILTER-country', 'country', {}, undefined, ['USA']),
      filter('NATIVE_FILTER-city', 'city', { inverseSelection: true }, { rootPath: ['ROOT_ID'], excluded: [3] }),
      filter('NATIVE_FILTER-year', 'year', { enableEmptyFilter: true }, { rootPath: ['ROOT_ID'], excluded: [1, 2] }),
    ],
  };
  const extrasOf = async (opts: Parameters<typeof renderDashboardReport>[2]) => {
    const calls: Call[] = [];
    await renderDashboardReport(source(charts, position, calls, metadata), 1, opts);
    return Object.fromEntries(calls.map((c) => [c.chartId, c.extraFormData]));
  };
  const usa = { col: 'country', op: 'IN', val: ['USA'], isExtra: true };
  const noRows = { expressionType: 'SQL', clause: 'WHERE', sqlExpression: '1 = 0' };

  it('draws the dashboard with its filters\' defaults; a required filter without a value leaves its charts empty', async () => {
    expect(await extrasOf({ format: 'PNG' })).toEqual({ 1: { filters: [usa] }, 2: { filters: [usa] }, 3: { filters: [usa], adhoc_filters: [noRows] } });
  });

  it('applies the report\'s kept values over the defaults by each filter\'s rules (inverse selection is NOT IN)', async () => {
    const extras = await extrasOf({
      format: 'PNG',
      nativeFilters: [
        { nativeFilterId: 'NATIVE_FILTER-city', filterType: 'filter_select', columnName: 'city', filterValues: ['Lyon'] },
        { nativeFilterId: 'NATIVE_FILTER-year', filterType: 'filter_select', columnName: 'year', filterValues: [2024] },
      ],
    });
    const notLyon = { col: 'city', op: 'NOT IN', val: ['Lyon'], isExtra: true };
    expect(extras).toEqual({
      1: { filters: [usa, notLyon] },
      2: { filters: [usa, notLyon] },
      3: { filters: [usa, { col: 'year', op: 'IN', val: [2024], isExtra: true }] },
    });
  });

  it('gives a cross-filter to the charts of its emitter\'s scope only', async () => {
    const crossScoped = { ...metadata, chart_configuration: { 1: { id: 1, crossFilters: { scope: { rootPath: ['ROOT_ID'], excluded: [3] } } } } };
    const calls: Call[] = [];
    await renderDashboardReport(source(charts, position, calls, crossScoped), 1, {
      format: 'PNG',
      dataMask: { 1: { id: '1', extraFormData: { filters: [{ col: 'name', op: 'IN', val: ['Bars'] }] }, filterState: { value: ['Bars'] } } },
    });
    const extras = Object.fromEntries(calls.map((c) => [c.chartId, c.extraFormData]));
    expect(extras[2]?.filters).toContainEqual({ col: 'name', op: 'IN', val: ['Bars'], isExtra: true });
    for (const id of [1, 3]) expect(extras[id]?.filters).not.toContainEqual(expect.objectContaining({ col: 'name' }));
  });

  it('lays out a dashboard without position_json in default rows', async () => {
    const out = await renderDashboardReport(source({ 1: { name: 'Bars', props: bar } }, null), 1, { format: 'PNG', width: 1200 });
    expect(out.failed).toEqual([]);
    expect(decodePng(out.body).height).toBe(16 + 56 + 16 + 400 + 16);
  });
});
