// First start: two example dashboards on the example charts, so a new user lands on working ones:
// "Examples overview" (header, markdown, rows of charts, a divider) and "Examples in tabs" (tabs with
// markdown and dividers). Runs once per store, like the example charts.
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { KEYS } from '../../shared/resources/keys';
import { GRID_ID, ROOT_ID, chartIdsOf, emptyLayout, newComponent, toPositionJson, type ComponentMeta, type ComponentType, type Layout } from '../../shared/dashboard/layout/index';
import type { Ports } from '../ports/index';
import { nextId } from '../ports/counters';
import type { UserRecord } from '../platform/users';
import { listChartRecords } from '../charts/repository';
import { putDashboard, claimSlug, type DashboardRecord } from './repository';
import { syncChartMembership } from './membership';

/** A tiny builder: components appended under a parent, ids from a counter (stable across runs). */
function builder() {
  let n = 0;
  const layout: Layout = emptyLayout();
  const add = (parentId: string, type: ComponentType, meta: ComponentMeta = {}) => {
    const item = newComponent(type, (t) => `${t}-example${++n}`, meta);
    item.parents = [...(layout[parentId].parents ?? []), parentId];
    layout[item.id] = item;
    layout[parentId] = { ...layout[parentId], children: [...layout[parentId].children, item.id] };
    return item.id;
  };
  return { layout, add };
}

type ChartIds = Map<string, { id: number; name: string }>;

function row(b: ReturnType<typeof builder>, parentId: string, charts: ChartIds, names: string[], width: number) {
  const rowId = b.add(parentId, 'ROW');
  for (const name of names) {
    const chart = charts.get(name);
    if (chart) b.add(rowId, 'CHART', { chartId: chart.id, sliceName: chart.name, width, height: 50 });
  }
  return rowId;
}

function overview(charts: ChartIds): Layout {
  const b = builder();
  b.add(GRID_ID, 'HEADER', { text: 'Weather, flights and cars' });
  const intro = b.add(GRID_ID, 'ROW');
  b.add(intro, 'MARKDOWN', { width: 4, height: 50, code: '## Examples overview\n\nCharts on the **vega-datasets** examples. Click **Edit dashboard** to rearrange them.' });
  const first = [...charts.values()].slice(0, 2).map((c) => c.name);
  for (const name of first) {
    const c = charts.get(name)!;
    b.add(intro, 'CHART', { chartId: c.id, sliceName: c.name, width: 4, height: 50 });
  }
  b.add(GRID_ID, 'DIVIDER');
  const rest = [...charts.values()].slice(2, 11).map((c) => c.name);
  for (let i = 0; i < rest.length; i += 3) row(b, GRID_ID, charts, rest.slice(i, i + 3), 4);
  return b.layout;
}

function tabbed(charts: ChartIds): Layout {
  const b = builder();
  const tabs = b.add(GRID_ID, 'TABS');
  const all = [...charts.values()].map((c) => c.name);
  const groups: [string, string[]][] = [
    ['Trends', all.slice(4, 10)],
    ['Breakdowns', all.slice(10, 16)],
    ['Distributions', all.slice(16)],
  ];
  for (const [title, names] of groups) {
    const tab = b.add(tabs, 'TAB', { text: title });
    const md = b.add(tab, 'ROW');
    b.add(md, 'MARKDOWN', { width: 12, height: 12, code: `### ${title}\n\nExample charts: ${names.length}.` });
    b.add(tab, 'DIVIDER');
    for (let i = 0; i < names.length; i += 2) row(b, tab, charts, names.slice(i, i + 2), 6);
  }
  return b.layout;
}

export async function seedExampleDashboards(ports: Ports, admin: UserRecord): Promise<number> {
  const main = ports.tables.name('main');
  const marker = await ports.tables.doc.send(new GetCommand({ TableName: main, Key: KEYS.exampleDashboardsSeeded, ConsistentRead: true }));
  if (marker.Item) return 0;
  const records = (await listChartRecords(ports)).filter((c) => c.owners.includes(admin.id)).sort((a, b) => a.id - b.id);
  const charts: ChartIds = new Map(records.map((c) => [c.slice_name, { id: c.id, name: c.slice_name }]));
  let made = 0;
  for (const [title, slug, layout] of [
    ['Examples overview', 'examples-overview', overview(charts)],
    ['Examples in tabs', 'examples-tabs', tabbed(charts)],
  ] as const) {
    const now = ports.clock.now();
    const id = await nextId(ports.tables, 'dashboard');
    await claimSlug(ports, slug, id);
    const sliceIds = chartIdsOf(layout);
    const dashboard: DashboardRecord = {
      id,
      uuid: ports.ids.uuid(),
      dashboard_title: title,
      slug,
      css: '',
      position_json: JSON.stringify(toPositionJson({ ...layout, [ROOT_ID]: layout[ROOT_ID] })),
      json_metadata: JSON.stringify({ color_scheme: 'supersetColors', refresh_frequency: 0, native_filter_configuration: [], cross_filters_enabled: true }),
      published: true,
      certified_by: null,
      certification_details: null,
      owners: [admin.id],
      roles: [],
      slice_ids: sliceIds,
      is_managed_externally: false,
      external_url: null,
      created_on: now,
      changed_on: now,
      created_by: admin.id,
      changed_by: admin.id,
    };
    await putDashboard(ports, dashboard);
    await syncChartMembership(ports, id, [], sliceIds);
    made++;
  }
  await ports.tables.doc.send(new PutCommand({ TableName: main, Item: { ...KEYS.exampleDashboardsSeeded, at: ports.clock.now() } }));
  return made;
}
