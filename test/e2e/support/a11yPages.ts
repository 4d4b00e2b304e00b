// Every page route of the app as the accessibility audit visits it: where it is, what to do first
// (run a query, open a modal) and what shows it is ready. A page the product gains is one more row
// here; test/e2e/accessibility.test.ts audits each row in order in one browser against one stack.
import type { Page } from 'playwright-core';
import { typeSqlInto } from './sqlLab';

/** Ids of what the audit's fixtures made through the API (see accessibility.test.ts). */
export interface A11yFixtures {
  baseUrl: string;
  chartId: number;
  dashboardId: number;
  annotationLayerId: number;
  tagId: number;
  reportId: number;
  alertId: number;
}

export interface A11yPage {
  /** Shown in the test name. */
  name: string;
  /** The route's path in frontend/src/app/router.tsx (a unit test checks every route has a row). */
  route: string;
  /** Path to open, from the fixtures. */
  path: (f: A11yFixtures) => string;
  /** Waits for the page to be drawn and puts it in the state to audit (a result, an open modal...). */
  ready: (page: Page, f: A11yFixtures) => Promise<void>;
  /** Audit without a session (the login page). */
  signedOut?: boolean;
}

const heading = (page: Page, name: string) => page.getByRole('heading', { name, level: 1 }).waitFor();
const listPage = (name: string, path: string, title: string, table: string): A11yPage => ({
  name,
  route: path.replace(/^\/|\/$/g, ''),
  path: () => path,
  ready: async (page) => {
    await heading(page, title);
    await page.getByRole('table', { name: table }).locator('tbody tr').first().waitFor();
  },
});
/** Explore on the fixture chart, drawn, then put in the state to audit. */
const exploreState = (name: string, then: (page: Page) => Promise<void>): A11yPage => ({
  name,
  route: 'explore',
  path: (f) => `/explore/?slice_id=${f.chartId}`,
  ready: async (page) => {
    await page.locator('.explore__chart[data-status="rendered"]').waitFor({ timeout: 30_000 });
    await then(page);
  },
});
const drawnCharts = (page: Page) => page.locator('section[data-chart-id][data-status="success"]').first().waitFor({ timeout: 30_000 });

/** A drawn dashboard's filter configuration modal with a new filter added. */
async function newFilterDialog(page: Page) {
  await drawnCharts(page);
  await page.getByRole('button', { name: 'Add or edit filters' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add and edit filters' });
  await dialog.getByRole('button', { name: 'Add filter', exact: true }).click();
  return dialog;
}

async function runQuery(page: Page, sql: string) {
  await page.locator('.cm-content').waitFor();
  await typeSqlInto(page, sql);
  await page.keyboard.press('ControlOrMeta+Enter');
}

/** Routes that draw a page audited under another route, with why. */
export const A11Y_SAME_PAGE: Record<string, string> = {
  'superset/explore': 'explore (legacy path, same page)',
  'superset/explore/p/$key': 'explore (a permalink opens the same page with stored form data)',
  'superset/dashboard/p/$key': 'superset/dashboard/$idOrSlug (a permalink opens the same page with a stored state)',
  'dataset/list': 'tablemodelview/list (alias)',
};

export const A11Y_PAGES: A11yPage[] = [
  {
    name: 'login',
    route: 'login',
    signedOut: true,
    path: () => '/login/',
    ready: (page) => page.getByRole('button', { name: 'Sign in' }).waitFor(),
  },
  {
    name: 'SQL editor with a result',
    route: 'sqllab',
    path: () => '/sqllab/',
    ready: async (page) => {
      await runQuery(page, 'SELECT Name, Origin FROM cars LIMIT 5');
      await page.getByRole('grid', { name: 'Query results' }).getByRole('row').nth(1).waitFor();
    },
  },
  {
    name: 'SQL editor with an error',
    route: 'sqllab',
    path: () => '/sqllab/',
    ready: async (page) => {
      await runQuery(page, 'SELECT * FROM no_such_table_here');
      await page.getByRole('alert').filter({ hasText: 'Table does not exist' }).waitFor();
    },
  },
  {
    name: 'SQL editor: query history pane and save dialog',
    route: 'sqllab',
    path: () => '/sqllab/',
    ready: async (page) => {
      await runQuery(page, 'SELECT 2 AS two');
      await page.getByRole('grid', { name: 'Query results' }).getByRole('row').nth(1).waitFor();
      await page.getByRole('tab', { name: 'Query history' }).click();
      await page.getByRole('button', { name: /^Open in new tab: / }).first().waitFor();
      await page.getByRole('button', { name: 'Save', exact: true }).click();
      await page.getByRole('dialog').getByRole('textbox', { name: 'Name' }).waitFor();
    },
  },
  listPage('saved queries', '/savedqueryview/list/', 'Saved queries', 'Saved queries'),
  listPage('query history', '/sqllab/history/', 'Query history', 'Query history'),
  listPage('charts', '/chart/list/', 'Charts', 'Charts'),
  {
    name: 'create a new chart',
    route: 'chart/add',
    path: () => '/chart/add/',
    ready: async (page) => {
      await heading(page, 'Create a new chart');
      await page.getByLabel('Dataset', { exact: true }).locator('option', { hasText: 'cars' }).first().waitFor({ state: 'attached' });
    },
  },
  listPage('dashboards', '/dashboard/list/', 'Dashboards', 'Dashboards'),
  listPage('datasets', '/tablemodelview/list/', 'Datasets', 'Datasets'),
  listPage('reports', '/report/list/', 'Reports', 'Reports'),
  listPage('alerts', '/alert/list/', 'Alerts', 'Alerts'),
  listPage('tags', '/superset/tags/', 'Tags', 'Tags'),
  listPage('annotation layers', '/annotationlayer/list/', 'Annotation layers', 'Annotation layers'),
  listPage('users', '/users/list/', 'List Users', 'Users'),
  listPage('roles', '/roles/list/', 'List Roles', 'Roles'),
  {
    name: 'roles: add role dialog with a permission chosen and the list open',
    route: 'roles/list',
    path: () => '/roles/list/',
    ready: async (page) => {
      await heading(page, 'List Roles');
      await page.getByRole('button', { name: 'Add role' }).click();
      const dialog = page.getByRole('dialog', { name: 'Add role' });
      await dialog.getByRole('combobox', { name: 'Permissions' }).fill('can read');
      await dialog.getByRole('listbox', { name: 'Permissions' }).getByRole('option').first().click();
      await dialog.getByRole('button', { name: /^Remove can read on / }).waitFor();
    },
  },
  {
    name: 'row level security',
    route: 'rowlevelsecurity/list',
    path: () => '/rowlevelsecurity/list/',
    ready: async (page) => {
      await heading(page, 'Row Level Security');
      // The audit's store may hold no rule: the empty state is the page then.
      await page.getByText('No rules yet').or(page.getByRole('table', { name: 'Row level security rules' }).locator('tbody tr').first()).first().waitFor();
    },
  },
  {
    name: 'annotations of a layer',
    route: 'annotationlayer/$layerId/annotation',
    path: (f) => `/annotationlayer/${f.annotationLayerId}/annotation/`,
    ready: async (page) => {
      await heading(page, 'Annotation layer Audit layer');
      await page.getByRole('table', { name: 'Annotations' }).locator('tbody tr').first().waitFor();
    },
  },
  {
    name: 'all entities of a tag',
    route: 'superset/all_entities',
    path: (f) => `/superset/all_entities/?id=${f.tagId}`,
    ready: async (page) => {
      await heading(page, 'audit');
      await page.getByRole('region', { name: 'Dashboards' }).waitFor();
    },
  },
  exploreState('Explore with a chart', async (page) => {
    await page.getByRole('complementary', { name: 'Datasource' }).waitFor();
  }),
  exploreState('Explore data pane open on Results', async (page) => {
    await page.getByRole('tablist', { name: 'Data' }).getByRole('tab', { name: 'Results' }).click();
    await page.getByRole('tabpanel', { name: 'Results' }).getByRole('table').waitFor();
  }),
  exploreState('Explore View as table modal', async (page) => {
    await page.getByRole('button', { name: 'View as table' }).click();
    await page.getByRole('dialog', { name: /^Results: / }).getByRole('table').waitFor();
  }),
  exploreState('Explore chart error with its details open', async (page) => {
    await page.getByRole('button', { name: 'Add filter to Filters' }).click();
    const editor = page.getByRole('dialog', { name: 'Edit filter' });
    await editor.getByRole('tab', { name: 'Custom SQL' }).click();
    await editor.getByLabel('Custom SQL filter').fill('no_such_column = 1');
    await editor.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('button', { name: 'Update chart' }).click();
    await page.locator('.explore__chart').getByRole('button', { name: 'See more' }).click();
    await page.getByLabel('Error details').waitFor();
  }),
  exploreState('Explore save modal', async (page) => {
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByRole('dialog', { name: 'Save chart' }).getByLabel('Save (Overwrite)').waitFor();
  }),
  exploreState('Explore metric editor on a chosen metric', async (page) => {
    // The fixture chart (a histogram) has no metrics: a bar chart gets one, then it is edited.
    await page.getByLabel('Visualization type').selectOption('echarts_timeseries_bar');
    await page.getByRole('button', { name: /^Add Metrics/ }).click();
    const adding = page.getByRole('dialog', { name: 'Add metric' });
    await adding.getByRole('tab', { name: 'Simple' }).click();
    await adding.getByLabel('Metric column').selectOption({ index: 1 });
    await adding.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('button', { name: /: edit metric in Metrics$/ }).click();
    await page.getByRole('dialog', { name: 'Edit metric' }).getByRole('tab', { name: 'Custom SQL' }).click();
  }),
  exploreState('Explore change dataset modal', async (page) => {
    await page.getByRole('button', { name: 'Change dataset' }).click();
    await page.getByRole('dialog', { name: 'Change dataset' }).getByRole('radio').first().waitFor();
  }),
  exploreState('Explore filter editor with the time range picker', async (page) => {
    await page.getByRole('button', { name: 'Add filter to Filters' }).click();
    const editor = page.getByRole('dialog', { name: 'Edit filter' });
    await editor.getByLabel('Filter operator').selectOption('TEMPORAL_RANGE');
    await editor.getByRole('button', { name: 'No filter, Time range' }).click();
    const picker = editor.getByRole('group', { name: 'Edit Time range' });
    await picker.getByLabel('Range type').selectOption('Advanced');
    await picker.getByLabel('Time range', { exact: true }).fill('Last year');
    await picker.getByText(/^Actual time range: /).waitFor();
  }),
  {
    name: 'dashboard in view',
    route: 'superset/dashboard/$idOrSlug',
    path: (f) => `/superset/dashboard/${f.dashboardId}/`,
    ready: drawnCharts,
  },
  {
    name: 'dashboard filter configuration modal',
    route: 'superset/dashboard/$idOrSlug',
    path: (f) => `/superset/dashboard/${f.dashboardId}/`,
    ready: async (page) => {
      const dialog = await newFilterDialog(page);
      await dialog.getByLabel('Filter name', { exact: true }).waitFor();
      await dialog.getByLabel('Apply to specific panels').check();
      await dialog.getByRole('list', { name: /^Panels / }).waitFor();
    },
  },
  {
    name: 'dashboard filter configuration: pre-filter with the time range picker open',
    route: 'superset/dashboard/$idOrSlug',
    path: (f) => `/superset/dashboard/${f.dashboardId}/`,
    ready: async (page) => {
      const dialog = await newFilterDialog(page);
      await dialog.getByRole('button', { name: 'No filter, Pre-filter time range' }).click();
      await dialog.getByRole('group', { name: 'Edit Pre-filter time range' }).getByLabel('Range type').selectOption('Last');
    },
  },
  {
    name: 'dashboard cross-filter scoping modal',
    route: 'superset/dashboard/$idOrSlug',
    path: (f) => `/superset/dashboard/${f.dashboardId}/`,
    ready: async (page) => {
      await drawnCharts(page);
      await page.getByRole('button', { name: 'More options for Cars per origin and cylinders' }).click();
      await page.getByRole('menuitem', { name: 'Cross-filter scoping' }).click();
      const dialog = page.getByRole('dialog', { name: 'Cross-filter scoping: Cars per origin and cylinders' });
      await dialog.getByLabel('Custom scope').check();
      await dialog.getByRole('list', { name: /^Charts / }).waitFor();
    },
  },
  {
    name: 'dashboard filter bar settings menu',
    route: 'superset/dashboard/$idOrSlug',
    path: (f) => `/superset/dashboard/${f.dashboardId}/`,
    ready: async (page) => {
      await drawnCharts(page);
      await page.getByRole('button', { name: 'Settings of the filter bar' }).click();
      await page.getByRole('menuitemradio', { name: 'Horizontal (Top)' }).waitFor();
    },
  },
  {
    name: 'dashboard properties modal',
    route: 'superset/dashboard/$idOrSlug',
    path: (f) => `/superset/dashboard/${f.dashboardId}/`,
    ready: async (page) => {
      await drawnCharts(page);
      await page.getByRole('button', { name: 'Dashboard menu' }).click();
      await page.getByRole('menuitem', { name: 'Edit properties' }).click();
      await page.getByRole('dialog').first().waitFor();
    },
  },
  {
    name: 'dashboard drill to detail modal',
    route: 'superset/dashboard/$idOrSlug',
    path: (f) => `/superset/dashboard/${f.dashboardId}/`,
    ready: async (page) => {
      await drawnCharts(page);
      await page.getByRole('button', { name: /^More options for / }).first().click();
      await page.getByRole('menuitem', { name: 'Drill to detail' }).click();
      await page.getByRole('dialog').getByText(/^Page 1 of \d+$/).waitFor();
    },
  },
  {
    name: 'dashboard in edit mode',
    route: 'superset/dashboard/$idOrSlug',
    path: (f) => `/superset/dashboard/${f.dashboardId}/?edit=true`,
    ready: async (page) => {
      await page.getByRole('button', { name: 'Save' }).waitFor();
      await page.getByRole('list', { name: 'Charts' }).getByRole('listitem').first().waitFor();
      await drawnCharts(page);
    },
  },
  {
    name: 'report execution log',
    route: 'report/$pk/log',
    path: (f) => `/report/${f.reportId}/log/`,
    ready: async (page) => {
      await heading(page, 'Audit report');
      await page.getByRole('heading', { name: 'No runs yet' }).waitFor();
    },
  },
  {
    name: 'alert execution log',
    route: 'alert/$pk/log',
    path: (f) => `/alert/${f.alertId}/log/`,
    ready: (page) => heading(page, 'Audit alert'),
  },
  {
    name: 'alert modal open (edit)',
    route: 'alert/list',
    path: () => '/alert/list/',
    ready: async (page) => {
      await page.getByRole('button', { name: 'Edit Audit alert' }).click();
      const dialog = page.getByRole('dialog', { name: 'Edit alert' });
      await dialog.getByRole('status', { name: 'Schedule preview' }).getByText('At 09:00').waitFor();
    },
  },
  {
    name: 'report modal open (chart menu)',
    route: 'explore',
    path: (f) => `/explore/?slice_id=${f.chartId}`,
    ready: async (page) => {
      await page.getByRole('button', { name: 'More chart actions' }).click();
      await page.getByRole('menuitem', { name: 'Edit email report' }).click();
      await page.getByRole('dialog', { name: 'Edit email report' }).getByRole('status', { name: 'Schedule preview' }).waitFor();
    },
  },
  {
    name: 'email outbox',
    route: 'report/outbox',
    path: () => '/report/outbox/',
    ready: (page) => heading(page, 'Email outbox'),
  },
  {
    name: 'user info',
    route: 'user_info',
    path: () => '/user_info/',
    ready: (page) => page.getByText('admin', { exact: true }).first().waitFor(),
  },
  {
    name: 'settings',
    route: 'settings',
    path: () => '/settings/',
    ready: (page) => heading(page, 'Settings'),
  },
  {
    name: 'user menu open',
    route: 'settings',
    path: () => '/settings/',
    ready: async (page) => {
      await heading(page, 'Settings');
      await page.getByRole('button', { name: /^User menu/ }).click();
      await page.getByRole('menuitem', { name: 'Info' }).waitFor();
    },
  },
];
